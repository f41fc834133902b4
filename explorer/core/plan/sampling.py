"""Which resources plan asks about again, and how many: a function of the Source alone.

A crawl reads a Source's lists side by side and hands them over as they arrive, so a
sample of "the first entries seen" changes from run to run: the window's plan and the
command's once differed by 7,236 wire bytes on the same demo Source. Here a URL's place
in a sample is a stable hash of the URL (``sample_key``), and a sample keeps the URLs of
smallest key (``Sample``): the same set whatever order the entries come in, drawn evenly
from every list (the first entries of a list are often alike), bounded in memory.

A hash-drawn sample is a simple random one, and 20 of them estimate a mean size with a
spread of about 12 % where sizes vary as much as on the demo (13 to 481 bytes). So the
HEADs that size resources without a length do not stop at a fixed count: after
``LENGTH_SAMPLE`` they go on, in key order, until the 95 % interval of the mean is
within ``TARGET`` of it (``Sizes.narrow_enough``) or ``LENGTH_SAMPLE_MAX`` were asked.
"""

from __future__ import annotations

import bisect
import hashlib
import heapq
import math
from collections.abc import Iterable
from dataclasses import dataclass, field

LENGTH_SAMPLE = 20
"""HEADs asked at least (when there are as many resources without a length)."""
LENGTH_SAMPLE_MAX = 200
"""HEADs asked at most: the Source is asked one at a time, and a Source whose sizes are
too spread for this many is said to be estimated, not sized."""
TARGET = 0.05
"""The half-width of the 95 % interval of the mean size, as a share of it, at which the
HEADs stop."""
Z95 = 1.96


def sample_key(url: str) -> bytes:
    """Where ``url`` falls in a sample: a stable hash, the same in every run and process
    (Python's ``hash`` of a string is salted per process: the window and the command
    must draw alike). Bytes compare as the number they spell, and skip a conversion
    that would double the cost per entry of a million-entry Source."""
    return hashlib.blake2b(url.encode(), digest_size=8).digest()


@dataclass
class Sample:
    """At most ``size`` URLs: those of the smallest ``sample_key`` added."""

    size: int
    _kept: list[tuple[bytes, str]] = field(default_factory=list, repr=False)
    """In key order; most entries of a large list are turned away by the last key alone."""

    def add(self, url: str) -> None:
        item, kept = (sample_key(url), url), self._kept
        full = len(kept) >= self.size
        if full and item >= kept[-1]:
            return
        place = bisect.bisect_left(kept, item)
        if place < len(kept) and kept[place] == item:  # added before
            return
        kept.insert(place, item)
        if full:
            kept.pop()

    @property
    def urls(self) -> list[str]:
        """The sample in key order (the order its URLs are asked in)."""
        return [url for _, url in self._kept]


def in_key_order(urls: Iterable[str], size: int) -> list[str]:
    """The ``size`` distinct URLs of smallest key among ``urls``, in key order."""
    return heapq.nsmallest(size, set(urls), key=lambda url: (sample_key(url), url))


@dataclass
class Sizes:
    """The sizes HEADs found, kept as a running mean and spread (Welford's): asked after
    each HEAD whether to go on, a recount each time would cost the square of the HEADs."""

    count: int = 0
    mean: float = 0.0
    _squares: float = 0.0
    """The sum of squared distances from the running mean."""

    def add(self, size: int) -> None:
        self.count += 1
        step = size - self.mean
        self.mean += step / self.count
        self._squares += step * (size - self.mean)

    @property
    def deviation(self) -> float:
        """The sample's standard deviation (0 below two sizes)."""
        return math.sqrt(self._squares / (self.count - 1)) if self.count > 1 else 0.0

    def narrow_enough(self, population: int) -> bool:
        """Whether these sizes estimate the mean of ``population`` resources well enough:
        at least ``LENGTH_SAMPLE`` of them (or every resource) and a 95 % interval of the
        mean within ``TARGET`` of it. The interval is the normal one with the finite
        population correction (the sample is drawn without replacement)."""
        count = self.count
        if count >= population:
            return True
        if count < LENGTH_SAMPLE:
            return False
        if self.mean <= 0:
            return True
        spread = self.deviation * math.sqrt((1 - count / population) / count)
        return Z95 * spread <= TARGET * self.mean

"""Benchmark: how close plan's HEAD sample comes to the mean size of resources without a
length, on the plan referee's Source (400 resources of 13 to 481 bytes,
``tests/helpers/harvest_source.py``), at many ports: the URLs, so the hash-drawn sample,
change with the port, as they do from one test run to the next.

For each port it asks the sizes in key order until ``Sizes.narrow_enough`` (what
``explorer.net.plan.gather`` does with HEADs) and prints the worst and mean error of the
estimated mean, the HEADs asked, and how often 20 HEADs alone would have missed 10 %.
Pure arithmetic: no server, no network.

    python tests/benchmarks/bench_plan_sample.py [--ports 500] [--resources 400]
"""

from __future__ import annotations

import argparse
import statistics

from explorer.core.plan.sampling import LENGTH_SAMPLE, LENGTH_SAMPLE_MAX, Sizes, in_key_order


def body_size(number: int) -> int:
    """The size of the referee's resource ``number`` (``harvest_source._body``)."""
    return len(f"resource {number}\n") * (1 + number % 37)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ports", type=int, default=500)
    parser.add_argument("--resources", type=int, default=400)
    args = parser.parse_args()
    errors, twenty, asked = [], [], []
    for port in range(30000, 30000 + args.ports):
        base = f"http://127.0.0.1:{port}/res/"
        sizes = {f"{base}{n:06d}.txt": body_size(n) for n in range(args.resources)}
        true = statistics.fmean(sizes.values())
        order = in_key_order(sizes, LENGTH_SAMPLE_MAX)
        found = Sizes()
        for url in order:
            if found.narrow_enough(len(sizes)):
                break
            found.add(sizes[url])
        errors.append(abs(found.mean / true - 1))
        asked.append(found.count)
        first = statistics.fmean(sizes[url] for url in order[:LENGTH_SAMPLE])
        twenty.append(abs(first / true - 1))
    print(f"ports {args.ports}, resources {args.resources} without a length")
    print(f"worst error {max(errors):.2%}, mean error {statistics.fmean(errors):.2%}")
    print(f"HEADs asked {min(asked)}-{max(asked)} (mean {statistics.fmean(asked):.0f})")
    missed = sum(error > 0.10 for error in twenty) / len(twenty)
    print(f"20 HEADs alone: worst {max(twenty):.2%}, missed 10 % at {missed:.0%} of ports")


if __name__ == "__main__":
    main()

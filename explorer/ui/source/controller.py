"""Opening a Source and moving about in it: the controller behind the address bar, the
Source tree and the document view.

It discovers a Source through the services, fills the tree, shows the selected document,
reads documents again (F5), keeps Back and Forward, and runs the tree's context menu
(subscribe, list every entry of an index, resource and dump checks). The widgets are
the shell's (``explorer.ui.source.window_parts`` says which); this class only connects them
and updates them. Discovery, fetches and checks go through the services.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPoint
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from explorer.core.addresses import typed_address
from explorer.core.findings import Finding, Severity
from explorer.core.rules.well_known import WELL_KNOWN_PATH
from explorer.ui.shared.browser import open_in_browser
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.plain_text import clip, tooltip_text
from explorer.ui.shared.shell import STARTING
from explorer.ui.shared.surfaces import XMPP_SUBSCRIBE
from explorer.ui.shared.wording import count_text
from explorer.ui.source.address_text import assumption_text, cause_text
from explorer.ui.source.discovery_text import (
    DUMPS,
    SOURCE_LEVEL,
    being_read,
    discovery_text,
    start_problem,
    unreadable_start,
)
from explorer.ui.source.navigation import NavigationHistory, Place
from explorer.ui.source.navigator import SourceNavigator
from explorer.ui.source.twin_writing import TWIN_CAPABILITY, TwinWriting

if TYPE_CHECKING:  # the engines are imported after the window shows (attach_services)
    from explorer.net.source.crawl_tree import CrawlResult, DocumentNode
    from explorer.ui.services import ExplorerServices
    from explorer.ui.source.source_tree import TreeItem
    from explorer.ui.source.window_parts import SourceWindow

HISTORY_SHOWN = 20  # places listed in Go ▸ History


class SourceController(QObject):
    """The open Source: discovery, the tree, the document shown, Back and Forward."""

    def __init__(self, shell: SourceWindow) -> None:
        super().__init__(shell.widget())
        self.shell = shell
        shell.history_menu.aboutToShow.connect(self.fill_history_menu)
        self.navigation = NavigationHistory()
        self.navigator = SourceNavigator(shell)  # every "go to this finding"
        self.twin = TwinWriting(shell, self.engines, self.load_components)
        shell.tree.clicked.connect(self._badge_clicked)
        self._navigating = False  # Back/Forward in progress: do not record a visit
        self._source_address: str | None = None  # the address the open Source came from
        self._opening: tuple[str, asyncio.Task[Any]] | None = None
        self._assumed: dict[str, str] = {}  # URL opened -> the scheme assumption said
        self._found_via: tuple[str, str] | None = None  # the open Source's label, tooltip
        self._reselect: str | None = None  # Re-discover's document, once its row is back
        self._typed_to: str | None = None  # the document the last address opened
        shell.document_view.link_activated.connect(self.open_url)
        line = shell.address.lineEdit()
        assert line is not None  # the address box is editable
        line.returnPressed.connect(lambda: self.open_url(shell.address.currentText()))
        shell.address.activated.connect(self._history_chosen)
        shell.go_button.clicked.connect(lambda: self.open_url(shell.address.currentText()))
        self._update_navigation()

    def attach(self, services: ExplorerServices) -> None:
        """With the engines: follow the tree's loads and selection and the crawl's updates."""
        shell = self.shell
        shell.tree_model.node_loaded.connect(self._item_loaded)
        services.source.node_updated.connect(self._node_updated)
        shell.tree.selectionModel().currentChanged.connect(self._node_selected)
        shell.tree.customContextMenuRequested.connect(self._tree_menu)
        self.menu_extensions: list[Callable[[QMenu, TreeItem], object]] = []  # more row actions

    def _history_chosen(self, index: int) -> None:
        """Picking an address from the drop-down opens it."""
        url = self.shell.address.itemText(index)
        if url:
            self.open_url(url)

    def open_url(self, url: str, select: str | None = None) -> asyncio.Task[Any] | None:
        """Open the Source at ``url``; then show the document ``select`` if it is in it."""
        url = url.strip()
        if not url:
            return None
        assumed = typed_address(url)
        if assumed.assumed is not None:  # as a browser would: https, http for a local host
            url = assumed.url
            self.shell.address.setEditText(url)
            self._assumed[url] = assumption_text(assumed)
            self.shell.show_error(self._assumed[url], Severity.INFO)
        services = self.shell.services
        shown = self.shell.tree_model.find(self.on_web(url)) if services is not None else None
        if shown is not None and select is None:  # already in the open Source: go to it,
            self.shell.address_history.remember(url)  # keeping the tree as it is
            self._say_found_via()  # and how it was found, whatever a failed open said
            self._typed_to = shown.url
            self._navigating_to(shown)
            return None
        if self._opening is not None and not self._opening[1].done():
            if self._opening[0] == url:  # the same request twice (Return reaches us twice)
                return self._opening[1]
            self._opening[1].cancel()
        task = self.shell.spawn(self.open_source(url, select))
        self._opening = (url, task)
        return task

    async def engines(self) -> ExplorerServices:
        """The engines, once started (an address typed while they start waits here)."""
        if self.shell.services is None:
            await self.shell.engines_ready.wait()
        assert self.shell.services is not None
        return self.shell.services

    async def open_source(
        self, url: str, select: str | None = None, expanded: set[str] | None = None
    ) -> TreeItem | None:
        """Discover the Source Description from any URL, crawl it to the Capability Lists
        and show it as the tree's root. A failure leaves the Source already open as it
        was, and says why; an address that is a broken document opens as text."""
        self.shell.address_history.remember(url)
        try:
            if self.shell.services is None:
                self.shell.discovery_label.setText(
                    self.tr("waiting: {state}").format(
                        state=QCoreApplication.translate("MainWindow", STARTING)
                    )
                )
            services = await self.engines()
            self.shell.discovery_label.setText(self.tr("discovering…"))
            result = await self.shell.progress.run(
                self.tr("Opening {url}").format(url=url), services.source.crawl(url)
            )
        except asyncio.CancelledError:
            self.shell.discovery_label.setText(self.tr("cancelled"))
            return None
        self.shell.auth_prompt.check_source(result, lambda: self.open_url(url, select))
        summary, tried = discovery_text(result)
        if services.folder.disk is not None and result.root is not None:  # not the live site
            summary = self.tr("on disk: {folder} as {base_url}").format(
                folder=services.folder.disk.folder, base_url=services.folder.disk.base_url
            )
        self.shell.discovery_label.setText(summary)
        self.shell.discovery_label.setToolTip(tooltip_text(tried))
        broken = unreadable_start(result)
        if result.root is None:
            if broken:
                await self.show_unreadable(url)
                return None
            cause = result.discovery.cause
            if cause is not None:  # one reason for every route: said once, in one line
                text = self.tr("Cannot open {url}: {cause}.").format(
                    url=url, cause=cause_text(url, cause)
                )
            else:
                text = self.tr("No ResourceSync document found from {url}.").format(url=url)
            if self.shell.tree_model.roots:
                text += self.tr(" The Source already open stays open.")
                self._say_found_via()  # the label is the open Source's; the strip says why
            self.shell.show_error(text, details=tried)
            return None
        if url in self._assumed:  # still say what was assumed
            self.shell.show_error(self._assumed[url], Severity.INFO)
        else:
            self.shell.messages.hide()
        self._found_via = (summary, tooltip_text(tried))
        roots = self.shell.tree_model.roots
        if expanded is None and roots and roots[0].url == result.root.url:
            expanded = self._expanded()  # the same Source again (a typed address in it)
        root = self.shell.tree_model.set_source(result.root)
        self._source_address = url
        for item in [root, *root.children]:
            self.shell.tree.expand(self.shell.tree_model.index_of(item))
        for item in self.shell.tree_model.walk():
            if expanded and item.url in expanded:
                self.shell.tree.expand(self.shell.tree_model.index_of(item))
        wanted = self.shell.tree_model.find(select or url)  # the address itself, if in the tree
        given = result.given if wanted is None else None
        if given is not None and given.document is not None:
            self._typed_to = url
            self.show_given(given)  # the document typed, not the Source it leads to
        else:
            self._typed_to = (wanted or root).url
            self._navigating_to(wanted or root)
            # a document below an expanded row is in the tree once that row has loaded again
            self._reselect = select if wanted is None else None
        problem = start_problem(url, result)
        if broken:
            await self.show_unreadable(url)
        elif problem is not None:
            self.shell.show_error(problem, Severity.WARNING)
        self.shell.source_opened.emit(result.root.url)
        return root

    def show_stored(self, result: CrawlResult, note: str, detail: str) -> TreeItem | None:
        """Show a stored tree (a fleet snapshot) as the open Source, with ``note`` in the
        discovery line saying it is stored, not read now (``detail`` its tooltip). Nothing
        is fetched: the services keep no crawler for it, and its rows are what was stored."""
        services = self.shell.services
        if services is None or result.root is None:
            return None
        if self._opening is not None and not self._opening[1].done():
            self._opening[1].cancel()  # a Source still opening would replace it
        services.source.use_stored(result)
        root = self.shell.tree_model.set_source(result.root)
        self._source_address = None  # Back and Forward would read it live: not recorded
        self._found_via = (note, tooltip_text(detail))
        self._say_found_via()
        for item in [root, *root.children]:
            self.shell.tree.expand(self.shell.tree_model.index_of(item))
        self._typed_to = root.url
        self._navigating_to(root)
        self.shell.source_opened.emit(root.url)
        return root

    def _badge_clicked(self, index: QModelIndex) -> None:
        """A click on a row's problem badges goes to its first problem (the one with a
        line, when any has one), as the Problems panel would."""
        item = self.shell.tree_model.item(index)
        if index.column() != 1 or item is None or not item.findings:
            return
        lined = [f for f in item.findings if f.line is not None and item.channel is None]
        finding = lined[0] if lined else replace(item.findings[0], line=None)
        self.navigator.go_to(item.url, finding)

    def _say_found_via(self) -> None:
        if self._found_via is not None:
            self.shell.discovery_label.setText(self._found_via[0])
            self.shell.discovery_label.setToolTip(self._found_via[1])

    def _navigating_to(self, item: TreeItem) -> None:
        self.shell.tree.setCurrentIndex(self.shell.tree_model.index_of(item))
        self.shell.tree.scrollTo(self.shell.tree_model.index_of(item))

    def show_given(self, node: DocumentNode) -> None:
        """Show the document the address named, which the Source's tree (as loaded) does
        not hold, with its problems; the tree shows the Source it leads to."""
        body = node.fetch.body if node.fetch is not None else b""
        self.shell.tree.clearSelection()
        self.shell.document_view.show_document(node.url, node.document, node.findings, body)
        self.shell.show_error(
            self.tr(
                "{url} is not among the documents loaded from the Source it leads to: it is "
                "shown on its own, with its problems."
            ).format(url=node.url),
            Severity.INFO,
        )
        self._record_visit(Place(node.url, node.url))

    async def show_unreadable(self, url: str) -> bool:
        """Show a document no parser could read: its text in the XML view and why in
        Problems (line and column, clickable). Read once more, within the fetcher's
        limits, since discovery keeps no body it could not parse."""
        from explorer.core.validator import check_bytes

        services = await self.engines()
        fetched = await services.source.fetch_document(url)
        if not fetched.ok:
            return False
        checked = await asyncio.to_thread(check_bytes, fetched.body)
        self.shell.tree.clearSelection()
        self.shell.document_view.show_document(
            url, checked.document, checked.findings, fetched.body
        )
        first = next((f for f in checked.findings if f.code.startswith("parse.")), None)
        from explorer.ui.language import finding_text

        reason = (
            self.tr("{url} is not a ResourceSync document: {reason}.").format(
                url=url, reason=finding_text(first)
            )
            if first is not None
            else self.tr("{url} is not a ResourceSync document.").format(url=url)
        )
        self.shell.show_error(
            reason
            + self.tr(" Its text is in the XML source tab; click the problem to go to its line."),
            Severity.WARNING,
        )
        self._record_visit(Place(url, url))
        return True

    def selected_item(self) -> TreeItem | None:
        return self.shell.tree_model.item(self.shell.tree.currentIndex())

    def show_place(
        self,
        url: str,
        finding: Finding | None = None,
        *,
        at_line: bool = True,
        entry: str | None = None,
    ) -> bool:
        """Show the document (or channel) ``url`` in the tree and the document view; with
        ``finding``, at its line in the XML source when it has one (and ``at_line``), else
        on its Problems tab; with ``entry``, at that resource's entry. False when ``url``
        is not in the open Source. Every "go to this finding" of the window arrives here,
        through the shell's ``navigate``."""
        if finding is not None and not at_line and finding.line is not None:
            finding = replace(finding, line=None)  # a channel has no XML source
        return self.navigator.go_to(url, finding, entry=entry)

    def refresh(self) -> None:
        """F5: fetch the open document again, in place; without one, the whole Source."""
        item = self.selected_item() if self.shell.services is not None else None
        if item is None:
            self.rediscover()
            return
        self.shell.spawn(self.refresh_item(item))

    async def refresh_item(self, item: TreeItem) -> None:
        """Fetch the document of ``item`` (a channel's: its Capability List) again; the
        rows, their expansion and the selection stay where they are."""
        target = item if item.doc is not None else item.parent
        if target is None or target.doc is None:
            return
        selected = item.url
        services = await self.engines()
        try:
            changed = await self.shell.progress.run(
                self.tr("Refreshing {url}").format(url=target.url),
                services.source.reload(target.doc),
            )
        except asyncio.CancelledError:
            return
        if self.shell.tree_model.item_for(target.doc) is not target:
            return  # another Source was opened meanwhile
        self.shell.auth_prompt.check_node(target.doc, self.rediscover)
        if changed:
            self.shell.tree_model.rebuild_children(target)
        self.shell.tree_model.refresh(target.doc)
        current = self.shell.tree_model.find(selected) or target
        if current is not self.selected_item():
            self._navigating_to(current)
        else:
            self._show_item(current)
        status = target.doc.status
        done = self.tr("refreshed {url}").format(url=target.url)
        confirm(self.shell.widget(), done + (f" (HTTP {status})" if status else ""))

    def rediscover(self) -> None:
        """Discover the Source again from the address it was opened from, then expand
        the same rows and select the same document where they still exist."""
        address = self._source_address or self.shell.address.currentText().strip()
        if not address:
            return
        selected = self.selected_item() if self.shell.services is not None else None
        expanded = self._expanded() if self.shell.services is not None else set()
        if self._opening is not None and not self._opening[1].done():
            self._opening[1].cancel()
        task = self.shell.spawn(
            self.open_source(address, selected.url if selected else None, expanded)
        )
        self._opening = (address, task)

    def _expanded(self) -> set[str]:
        """The URLs of the tree's expanded rows."""
        return {
            item.url
            for item in self.shell.tree_model.walk()
            if self.shell.tree.isExpanded(self.shell.tree_model.index_of(item))
        }

    def _record_visit(self, place: Place) -> None:
        if not self._navigating:
            self.navigation.visit(place)
        self._update_navigation()

    def _update_navigation(self) -> None:
        self.shell.back_action.setEnabled(self.navigation.can_go_back())
        self.shell.forward_action.setEnabled(self.navigation.can_go_forward())

    def go_back(self) -> None:
        self._go(self.navigation.back())

    def go_forward(self) -> None:
        self._go(self.navigation.forward())

    def fill_history_menu(self) -> None:
        """Go ▸ History: the places visited, newest first; choosing one goes there."""
        menu = self.shell.history_menu
        menu.clear()
        current = self.navigation.current
        for position, place in self.navigation.recent(HISTORY_SHOWN):
            action = menu.addAction(clip(place.document or place.address))
            action.setCheckable(True)
            action.setChecked(place == current)
            action.triggered.connect(
                lambda _=False, at=position: self._go(self.navigation.jump(at))
            )
        menu.setEnabled(not menu.isEmpty())

    def _go(self, place: Place | None) -> None:
        self._update_navigation()
        if place is None:
            return
        if self.shell.services is not None and place.address == self._source_address:
            item = self.shell.tree_model.find(place.document) if place.document else None
            if item is not None:
                self._navigating = True
                try:
                    self._navigating_to(item)
                finally:
                    self._navigating = False
                return
        self.shell.spawn(self._open_place(place))

    async def _open_place(self, place: Place) -> None:
        self._navigating = True
        try:
            await self.open_source(place.address, place.document)
        finally:
            self._navigating = False

    def _node_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        from explorer.net.source.crawl_tree import NodeState

        item = self.shell.tree_model.item(current)
        if item is None:
            return
        if item.doc is not None and item.doc.state is NodeState.PENDING:
            self.shell.tree_model.expand(item)
        self._show_item(item)
        if item.url != self._typed_to and self.shell.messages.text.text() in self._assumed.values():
            self.shell.messages.hide()  # said of the address typed, not of this document
        self.shell.address.setEditText(self.on_disk(item.url))  # it follows the document
        if self._source_address is not None:
            self._record_visit(Place(self._source_address, item.url))

    def _node_updated(self, doc: DocumentNode) -> None:
        self.shell.tree_model.refresh(doc)
        selected = self.selected_item()
        if selected is not None and selected.doc is doc:
            self._show_item(selected)

    def _item_loaded(self, item: TreeItem) -> None:
        if self._reselect is not None:
            wanted = self.shell.tree_model.find(self._reselect)
            if wanted is not None:
                self._reselect = None
                self._navigating_to(wanted)
        if item is self.selected_item():
            self._show_item(item)
        if item.error:
            self.shell.show_error(f"{item.url}: {item.error}")

    def _show_item(self, item: TreeItem) -> None:
        if item.channel is not None:
            self.shell.document_view.show_channel(
                item.channel.topic, item.channel.capability, item.channel.hub, item.channel.findings
            )
            return
        doc = item.doc
        assert doc is not None
        if (
            self.shell.document_view.url == doc.url
            and self.shell.document_view.shown is doc.document
            and self.shell.document_view.shown_findings == len(doc.findings)
        ):
            return
        self.shell.document_view.show_document(
            doc.url, doc.document, doc.findings, doc.read_body, nested=lambda: _nested(doc)
        )

    def _tree_menu(self, pos: QPoint) -> None:
        item = self.shell.tree_model.item(self.shell.tree.indexAt(pos))
        if item is None:
            return
        self.tree_menu(item).popup(self.shell.tree.viewport().mapToGlobal(pos))

    def tree_menu(self, item: TreeItem) -> QMenu:
        """The context menu for a row (built separately so tests can trigger entries)."""
        menu = QMenu(self.shell.widget())
        menu.setToolTipsVisible(True)
        url = item.url
        services = self.shell.services
        live = services is not None and services.folder.disk is not None  # a folder: the network
        # is the live site the folder will be served at, not what the window shows
        browse = menu.addAction(
            self.tr("Open the live site in browser") if live else self.tr("Open in browser"),
            lambda: open_in_browser(
                url, lambda text: self.shell.show_error(text, Severity.WARNING)
            ),
        )
        if live:
            text = self.tr("Read here from {file}; the browser would go to the live site: {url}")
            browse.setToolTip(text.format(file=self.on_disk(url), url=url))
        menu.addAction(self.tr("Copy URL"), lambda: self._copy(url))
        for extend in self.menu_extensions:
            extend(menu, item)
        if item.channel is not None:
            channel = item.channel
            menu.addAction(
                self.tr("Subscribe at the live site's hub") if live else self.tr("Subscribe"),
                lambda: self.shell.spawn(
                    self.subscribe(
                        channel.topic,
                        channel.hub,
                        channel.capability,
                        form=channel.form,
                        node=channel.node,
                    )
                ),
            )
        elif item.doc is not None:
            doc = item.doc
            menu.addAction(
                self.tr("Refresh this document"), lambda: self.shell.spawn(self.refresh_item(item))
            )
            if doc.is_index:
                menu.addAction(
                    self.tr("Show all entries of this index"),
                    lambda: self.shell.spawn(self.show_all_entries(doc)),
                )
            if doc.capability == TWIN_CAPABILITY:
                menu.addAction(
                    self.tr("Write search-engine twin…"), lambda: self.twin.choose_folder(doc)
                )
            if doc.capability not in SOURCE_LEVEL:
                menu.addAction(
                    self.tr("Check resources"),
                    lambda: self.shell.spawn(self.check(doc, "resources")),
                )
            if doc.capability in DUMPS:
                menu.addAction(
                    self.tr("Check dump"), lambda: self.shell.spawn(self.check(doc, "dump"))
                )
        return menu

    def on_disk(self, url: str) -> str:
        """The ``file:`` address a folder Source's document is read from; ``url`` itself
        when the open Source is not a folder (or the URL is not in it)."""
        services = self.shell.services
        disk = services.folder.disk if services is not None else None
        relative = disk.relative_path(url) if disk is not None else None
        return url if disk is None or relative is None else disk.folder.as_uri() + "/" + relative

    def on_web(self, address: str) -> str:
        """The URL a folder Source's ``file:`` address stands for (as ``on_disk`` shows
        it); any other address unchanged."""
        services = self.shell.services
        disk = services.folder.disk if services is not None else None
        folder = disk.folder.as_uri() + "/" if disk is not None else None
        if disk is None or folder is None or not address.startswith(folder):
            return address
        relative = address[len(folder) :]
        if relative == WELL_KNOWN_PATH.lstrip("/"):
            return urljoin(disk.base_url, WELL_KNOWN_PATH)
        return disk.base_url + relative

    def _copy(self, text: str) -> None:
        QGuiApplication.clipboard().setText(text)
        confirm(self.shell.widget(), self.tr("copied {url}").format(url=text))

    async def show_all_entries(self, doc: DocumentNode) -> int:
        """Load every component of an index and list all their entries in one table, each
        component as soon as it is read: the first rows show while the others still load
        (a million rows stay responsive: the model is a plain list, docs/architecture.md, "Large
        tables")."""
        view = self.shell.document_view
        view.show_document(doc.url, doc.document, doc.findings, doc.read_body)
        view.entries.set_entries([])
        listed: set[int] = set()

        def list_read(_node: object = None) -> None:
            if view.url != doc.url:
                return  # the view shows something else now
            for child in doc.children:
                if child.document is not None and id(child) not in listed:
                    listed.add(id(child))
                    view.entries.append_entries(child.document.entries)

        services = await self.engines()
        services.source.node_updated.connect(list_read)
        try:
            list_read()
            await self.load_components(doc)
            list_read()
        except asyncio.CancelledError:
            return 0
        finally:
            services.source.node_updated.disconnect(list_read)
        self.shell.statusBar().showMessage(
            self.tr("{entries} from {documents}").format(
                entries=count_text(view.entries.total, "entry"),
                documents=count_text(len(doc.children), "document"),
            ),
            10_000,
        )
        return view.entries.total

    async def load_components(self, doc: DocumentNode) -> None:
        """Read every component of the index ``doc`` (those the tree is already reading
        too)."""
        services = await self.engines()
        await self.shell.progress.run(
            self.tr("Loading the components of {url}").format(url=doc.url),
            services.source.expand(doc),
        )
        # expand() does not wait for components the tree view was already loading
        while any(being_read(child) for child in doc.children):
            await asyncio.sleep(0.05)

    async def subscribe(
        self,
        topic: str,
        hub: str | None,
        capability: str | None,
        *,
        form: str | None = None,
        node: str | None = None,
    ) -> None:
        """Subscribe to a channel; the subscription panel follows its state."""
        services = await self.engines()
        from explorer.net.live import transports  # with the engines

        if transports.facts(form).needs_xmpp_account and node:  # the account first
            ask_and_subscribe = self.shell.part(XMPP_SUBSCRIBE)  # the live feature's
            if not await ask_and_subscribe(services, topic, hub, capability, node):
                return
        else:
            await services.live.subscribe(topic, hub, capability, form=form, node=node)
        self.shell.statusBar().showMessage(
            clip(self.tr("subscription to {topic} requested").format(topic=topic)), 10_000
        )

    async def check(self, doc: DocumentNode, what: str) -> None:
        """Run a resource or dump check on a document; findings join the node's."""
        if doc.document is None:
            self.shell.show_error(
                self.tr("Load {url} before checking it.").format(url=doc.url), Severity.WARNING
            )
            return
        try:
            findings = await self.shell.progress.run(
                self.check_label(what).format(url=doc.url),
                (await self.engines()).source.check(doc, what),
            )
        except asyncio.CancelledError:
            return
        self._node_updated(doc)
        # What was verified, said where it stays until dismissed, not a passing status
        entries = len(doc.document.entries)
        if what == "dump":
            verified = self.tr(
                "%n package(s) downloaded and each compared with its manifest.xml (members "
                "present, sizes and hashes as listed)",
                "",
                entries,
            )
        else:
            from explorer.ui.services.checks import RESOURCE_SAMPLE

            sample = min(entries, RESOURCE_SAMPLE)
            if (await self.engines()).folder.disk is not None:  # a folder has no type or dates
                verified = self.tr(
                    "up to %n resource file(s) read from the folder: present, and length "
                    "and hashes against the list where it gives them",
                    "",
                    sample,
                )
            else:
                verified = self.tr(
                    "up to %n resource(s) requested: status, type, length and Last-Modified "
                    "against the list, and hashes where it gives them",
                    "",
                    sample,
                )
        text = self.check_done(what).format(
            url=doc.url, findings=count_text(len(findings), "finding")
        )
        where = self.tr("the findings are in the Problems tab") if findings else ""
        self.shell.show_error(
            f"{text} — {verified}" + (f"; {where}" if where else ""),
            Severity.WARNING if findings else Severity.INFO,
        )

    def check_label(self, what: str) -> str:
        if what == "dump":
            return self.tr("Checking the dump of {url}")
        return self.tr("Checking the resources of {url}")

    def check_done(self, what: str) -> str:
        if what == "dump":
            return self.tr("dump check of {url}: {findings}")
        return self.tr("resources check of {url}: {findings}")


def _nested(doc: DocumentNode) -> list[str]:
    """The components of ``doc`` read so far that are indexes themselves: a search engine
    drops an index listed in an index."""
    return [child.url for child in doc.children if child.is_index]

"""The Network page of Settings: proxy, an extra CA bundle, and not verifying TLS.

Library networks put Sources behind an HTTP proxy and inspect TLS with an institutional
root certificate. The system's trust store is always used; a CA bundle adds to it.
Turning verification off is a separate, loudly worded choice. None of this is secret,
so it is kept in QSettings (under ``network/``) and read at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from explorer.core.words.engine_words import said_or_quoted
from explorer.core.words.messages import said
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.http.network_access import NetworkSettings, NetworkSettingsError, ProxyMode
from explorer.ui.language import ui_language
from explorer.ui.shared.plain_text import PlainLabel

KEYS = {
    "proxy_mode": "network/proxy_mode",
    "proxy_url": "network/proxy_url",
    "ca_bundle": "network/ca_bundle",
    "insecure": "network/insecure",
}
WARNING_STYLE = "color: #b00020; font-weight: bold;"
INSECURE_WARNING_MARKED = QT_TRANSLATE_NOOP(
    "NetworkPage",
    "TLS certificates are NOT verified: anyone on the network path can read and change "
    "what is fetched, and see the credentials sent",
)
"""``explorer.net.http.network_access.INSECURE_WARNING`` marked for translation (net has no
Qt); a test keeps the two English texts the same."""


def insecure_warning_text() -> str:
    """The warning that TLS is not verified, in the interface language."""
    return QCoreApplication.translate("NetworkPage", INSECURE_WARNING_MARKED)


def load_network_settings(store: QSettings) -> NetworkSettings:
    """The stored settings; what no longer works (a moved CA bundle, a bad proxy URL)
    falls back to the default for that part rather than stopping start-up."""
    mode_text = str(store.value(KEYS["proxy_mode"], ProxyMode.SYSTEM.value))
    mode = ProxyMode(mode_text) if mode_text in ProxyMode._value2member_map_ else ProxyMode.SYSTEM
    proxy_url = str(store.value(KEYS["proxy_url"], "") or "").strip() or None
    ca_text = str(store.value(KEYS["ca_bundle"], "") or "").strip()
    insecure = str(store.value(KEYS["insecure"], "false")).lower() in ("true", "1")
    try:
        return NetworkSettings(mode, proxy_url, Path(ca_text) if ca_text else None, insecure)
    except NetworkSettingsError:
        fallback_mode = mode if mode is not ProxyMode.MANUAL else ProxyMode.SYSTEM
        return NetworkSettings(fallback_mode, None, None, insecure)


def save_network_settings(store: QSettings, settings: NetworkSettings) -> None:
    store.setValue(KEYS["proxy_mode"], settings.proxy_mode.value)
    store.setValue(KEYS["proxy_url"], settings.proxy_url or "")
    store.setValue(KEYS["ca_bundle"], str(settings.ca_bundle) if settings.ca_bundle else "")
    store.setValue(KEYS["insecure"], settings.insecure)
    store.sync()


class NetworkPage(QWidget):
    """Edits the network settings; ``apply()`` stores valid ones and hands them on."""

    def __init__(
        self,
        store: QSettings,
        on_apply: Callable[[NetworkSettings], None],
        on_problem: Callable[[str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.on_apply = on_apply
        self.on_problem = on_problem
        current = load_network_settings(store)
        self.proxy_mode = QComboBox()
        for mode, label in (
            (ProxyMode.SYSTEM, self.tr("System and environment (HTTPS_PROXY…)")),
            (ProxyMode.MANUAL, self.tr("Manual")),
            (ProxyMode.NONE, self.tr("None (direct)")),
        ):
            self.proxy_mode.addItem(label, mode.value)
        self.proxy_mode.setCurrentIndex(self.proxy_mode.findData(current.proxy_mode.value))
        self.proxy_mode.setAccessibleName(self.tr("Proxy"))
        self.proxy_url = QLineEdit(current.proxy_url or "")
        self.proxy_url.setPlaceholderText(self.tr("http://proxy.example.org:3128"))
        self.proxy_url.setAccessibleName(self.tr("Proxy URL"))
        self.ca_bundle = QLineEdit(str(current.ca_bundle) if current.ca_bundle else "")
        self.ca_bundle.setPlaceholderText(self.tr("PEM file with extra root certificates"))
        self.ca_bundle.setAccessibleName(self.tr("Extra CA bundle"))
        self.browse = QPushButton(self.tr("Choose…"))
        self.browse.clicked.connect(self._choose_bundle)
        self._file_dialog: QFileDialog | None = None
        bundle_row = QHBoxLayout()
        bundle_row.addWidget(self.ca_bundle, 1)
        bundle_row.addWidget(self.browse)
        self.insecure = QCheckBox(self.tr("Do not verify TLS certificates (insecure)"))
        self.insecure.setAccessibleName(self.tr("Do not verify TLS certificates"))
        self.insecure.setChecked(current.insecure)
        self.insecure_warning = PlainLabel(insecure_warning_text() + ".")
        self.insecure_warning.setWordWrap(True)
        self.insecure_warning.setStyleSheet(WARNING_STYLE)
        self.problem = PlainLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(WARNING_STYLE)
        note = PlainLabel(
            self.tr(
                "Certificates are checked against the system's trust store, plus the extra "
                "bundle. Applies to documents opened from now on; hub requests follow after "
                "the callback server restarts."
            )
        )
        note.setWordWrap(True)
        note.setEnabled(False)
        form = QFormLayout(self)
        form.addRow(self.tr("Proxy"), self.proxy_mode)
        form.addRow(self.tr("Proxy URL"), self.proxy_url)
        form.addRow(self.tr("Extra CA bundle"), bundle_row)
        form.addRow(self.insecure)
        form.addRow(self.insecure_warning)
        form.addRow(self.problem)
        form.addRow(note)
        self.proxy_mode.currentIndexChanged.connect(self._update)
        self.proxy_url.textChanged.connect(self._update)
        self.ca_bundle.textChanged.connect(self._update)
        self.insecure.toggled.connect(self._update)
        self._update()

    def chosen(self) -> NetworkSettings:
        """The settings as entered; ``NetworkSettingsError`` says what cannot be used."""
        mode = ProxyMode(str(self.proxy_mode.currentData()))
        proxy_url = self.proxy_url.text().strip() or None
        ca_text = self.ca_bundle.text().strip()
        if mode is ProxyMode.MANUAL and proxy_url and _has_password(proxy_url):
            raise NetworkSettingsError(said("netconfig.proxy-password"))
        return NetworkSettings(
            mode,
            proxy_url if mode is ProxyMode.MANUAL else None,
            Path(ca_text).expanduser() if ca_text else None,
            self.insecure.isChecked(),
        )

    def _update(self) -> None:
        self.proxy_url.setEnabled(self.proxy_mode.currentData() == ProxyMode.MANUAL.value)
        self.insecure_warning.setVisible(self.insecure.isChecked())
        try:
            self.chosen()
        except NetworkSettingsError as exc:
            self.problem.setText(self.tr("Not applied: %1").replace("%1", settings_problem(exc)))
            self.problem.show()
        else:
            self.problem.hide()

    def _choose_bundle(self) -> None:
        """A file dialog opened without a nested event loop (docs/architecture.md, "Rules of the
        event loop")."""
        dialog = QFileDialog(self, self.tr("Extra CA bundle"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([self.tr("Certificates (*.pem *.crt *.cer)"), self.tr("All (*)")])
        dialog.fileSelected.connect(self.ca_bundle.setText)
        dialog.finished.connect(dialog.deleteLater)
        self._file_dialog = dialog
        dialog.open()

    def apply(self) -> None:
        """Store and use the settings; unusable ones are left out and the old ones stay
        and the window says why."""
        try:
            settings = self.chosen()
        except NetworkSettingsError as exc:
            not_applied = self.tr("Network settings not applied: {reason}")
            self.on_problem(not_applied.format(reason=settings_problem(exc)))
            return
        save_network_settings(self.store, settings)
        self.on_apply(settings)


def settings_problem(exc: NetworkSettingsError) -> str:
    """Why the settings cannot be used, in the interface language (the engine says it in
    English from the catalog; anything else, such as OpenSSL's words, is quoted)."""
    return said_or_quoted(exc.said, ui_language())


def _has_password(url: str) -> bool:
    try:
        return urlsplit(url).password is not None
    except ValueError:
        return False

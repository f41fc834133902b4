"""The General, Live, Appearance and Fleet pages of the Settings dialog.

Each page edits a shared ``AppSettings`` and writes it back on ``apply()``; the
window then stores it (``save_settings``) and puts what can change at run time into
effect (``SettingsController.apply``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from explorer.core.fleet.dsn_secret import has_password, without_password
from explorer.ui.shared.app_settings import (
    FEED_SIZE_RANGE,
    LANGUAGES,
    RETRIES_RANGE,
    THEMES,
    TIMEOUT_RANGE,
    AppSettings,
)


def _note(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setEnabled(False)  # greyed: an explanation, not a control
    return label


class GeneralPage(QWidget):
    """How documents are requested."""

    def __init__(self, values: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values = values
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(*TIMEOUT_RANGE)
        self.timeout.setDecimals(0)
        self.timeout.setSuffix(self.tr(" s"))
        self.timeout.setValue(values.request_timeout)
        self.timeout.setAccessibleName(self.tr("Request timeout"))
        self.timeout.setToolTip(self.tr("How long one document request may wait for an answer"))
        self.retries = QSpinBox()
        self.retries.setRange(*RETRIES_RANGE)
        self.retries.setValue(values.retries)
        self.retries.setAccessibleName(self.tr("Retries"))
        self.retries.setToolTip(self.tr("Extra attempts after a connection failure"))
        form = QFormLayout(self)
        form.addRow(self.tr("Request timeout"), self.timeout)
        form.addRow(self.tr("Retries"), self.retries)
        form.addRow(_note(self.tr("Applies to the next document opened.")))

    def apply(self) -> None:
        self.values.request_timeout = self.timeout.value()
        self.values.retries = self.retries.value()


class LivePage(QWidget):
    """Where hubs call back, and how much of the feed stays on screen."""

    def __init__(self, values: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values = values
        self.host = QLineEdit(values.callback_host)
        self.host.setAccessibleName(self.tr("Callback bind address"))
        self.host.setToolTip(
            self.tr("127.0.0.1 accepts only this computer; 0.0.0.0 every network interface")
        )
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setSpecialValueText(self.tr("any free port"))
        self.port.setValue(values.callback_port)
        self.port.setAccessibleName(self.tr("Callback port"))
        self.port.setToolTip(self.tr("A fixed port, e.g. for a tunnel or a firewall rule"))
        self.public_url = QLineEdit(values.public_url)
        self.public_url.setPlaceholderText(self.tr("e.g. https://my-tunnel.example/ (optional)"))
        self.public_url.setAccessibleName(self.tr("Public URL"))
        self.public_url.setToolTip(self.tr("The callback server's address as hubs reach it"))
        self.feed_size = QSpinBox()
        self.feed_size.setRange(*FEED_SIZE_RANGE)
        self.feed_size.setSingleStep(1000)
        self.feed_size.setGroupSeparatorShown(True)
        self.feed_size.setValue(values.feed_size)
        self.feed_size.setAccessibleName(self.tr("Feed size"))
        self.feed_size.setToolTip(self.tr("Deliveries kept on screen; the store keeps every one"))
        form = QFormLayout(self)
        form.addRow(self.tr("Callback bind address"), self.host)
        form.addRow(self.tr("Callback port"), self.port)
        form.addRow(self.tr("Public URL"), self.public_url)
        form.addRow(self.tr("Feed size"), self.feed_size)
        form.addRow(_note(self.tr("A new address or port restarts the callback server.")))

    def apply(self) -> None:
        self.values.callback_host = self.host.text().strip() or "127.0.0.1"
        self.values.callback_port = self.port.value()
        self.values.public_url = self.public_url.text().strip()
        self.values.feed_size = self.feed_size.value()


class AppearancePage(QWidget):
    """Theme and language."""

    def __init__(self, values: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values = values
        self.theme = QComboBox()
        for theme in THEMES:
            self.theme.addItem(
                {"system": self.tr("System"), "light": self.tr("Light"), "dark": self.tr("Dark")}[
                    theme
                ],
                theme,
            )
        self.theme.setCurrentIndex(max(0, self.theme.findData(values.theme)))
        self.theme.setAccessibleName(self.tr("Theme"))
        self.language = QComboBox()
        for code, name in LANGUAGES:
            self.language.addItem(QCoreApplication.translate("AppearancePage", name), code)
        self.language.setCurrentIndex(max(0, self.language.findData(values.language)))
        self.language.setAccessibleName(self.tr("Language"))
        form = QFormLayout(self)
        form.addRow(self.tr("Theme"), self.theme)
        form.addRow(self.tr("Language"), self.language)
        form.addRow(_note(self.tr("A new language takes effect at the next start.")))

    def apply(self) -> None:
        self.values.theme = str(self.theme.currentData())
        self.values.language = str(self.language.currentData())


class FleetPage(QWidget):
    """The fleet database the Fleet view reads (empty: no fleet). Its password is never
    kept here: Settings are stored in clear, so the address is kept without it and
    libpq reads the password from its password file."""

    def __init__(self, values: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values = values
        self.dsn = QLineEdit(values.fleet_dsn)
        self.dsn.setPlaceholderText(self.tr("e.g. postgresql://explorer@db.example.org/fleet"))
        self.dsn.setAccessibleName(self.tr("Fleet database"))
        self.dsn.setToolTip(
            self.tr("The PostgreSQL database the fleet command keeps its Sources in")
        )
        self.password_warning = QLabel(
            self.tr(
                "This address holds a password: it will be kept without it. Put the password "
                "in libpq's password file (~/.pgpass, readable by you alone)."
            )
        )
        self.password_warning.setWordWrap(True)
        self.password_warning.setObjectName("FleetPasswordWarning")
        self.dsn.textChanged.connect(self._check_password)
        form = QFormLayout(self)
        form.addRow(self.tr("Fleet database"), self.dsn)
        form.addRow(self.password_warning)
        form.addRow(
            _note(
                self.tr(
                    "Empty: no fleet. The window only reads the fleet (Tools ▸ Fleet…). "
                    "The address is kept without a password; libpq reads the password from "
                    "~/.pgpass (or the file PGPASSFILE names)."
                )
            )
        )
        self._check_password()

    def _check_password(self) -> None:
        self.password_warning.setVisible(has_password(self.dsn.text()))

    def apply(self) -> None:
        self.values.fleet_dsn = without_password(self.dsn.text())

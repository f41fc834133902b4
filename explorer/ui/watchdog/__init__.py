"""The watchdog per subscription: Change Lists reconciled with notifications, desktop
notifications of its verdicts, and a lease's history."""

"""Settings: the dialog, its pages, remembered credentials, network options."""

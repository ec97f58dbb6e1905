"""The club's date and time formats per language (settings.FORMAT_MODULE_PATH)."""

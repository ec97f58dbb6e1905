"""Player pages: my rounds (register/unregister), a table's result entry and confirmation."""

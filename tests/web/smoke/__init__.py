"""The smoke walk's parts (tests/web/test_smoke_walk.py): a page's links and forms as a browser
reads them, the check of every answer, and the walker that visits and submits."""

"""The organizer's pages, one module per job."""

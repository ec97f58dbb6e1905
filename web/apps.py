"""App config for the web app: the public pages' versions follow the domain's announcement."""

from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"

    def ready(self) -> None:
        from league.live_script import read_counters_with
        from league.signals import season_changed
        from web.versions import on_season_changed, season_counters

        # Every writer of what the public pages show announces it (web.versions).
        season_changed.connect(on_season_changed, dispatch_uid="web-page-versions")
        # A live page not versioned by its season (/me/, a table's) starts from the counters
        # it was rendered at.
        read_counters_with(season_counters)

"""App config for the standings: supplies the current ranking to the league's ranking draws."""

from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "standings"

    def ready(self) -> None:
        # Imported here, not at the top: the loader reads the games' models, which exist
        # only once the app registry is ready (Django's rule for AppConfig modules).
        from league.ranking import provide_ranking
        from standings.loader import current_ranking

        provide_ranking(current_ranking)

"""Account routes (unnamespaced: `login`, `logout` are what Django and the base layout use)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import password_reset, signin, signout, views

urlpatterns = [
    path("login/", signin.SignInView.as_view(), name="login"),
    path("logout/", signout.SignOutView.as_view(), name="logout"),
    path("signup/", views.signup, name="signup"),
    path("claim/", views.claim_player, name="claim_player"),
    path("claims/", views.claims, name="claims"),
    path("claims/<int:claim_id>/decide/", views.decide, name="decide_claim"),
    path("import-players/", views.import_players_view, name="import_players"),
    path("invite/", views.invite, name="invite_player"),
    path("password-reset/", password_reset.PasswordResetView.as_view(), name="password_reset"),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]

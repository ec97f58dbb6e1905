"""Records the app writes itself are read-only in the admin: one `ReadOnlyAdmin` for all."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory

from core.models import AuditEntry
from core.read_only_admin import ReadOnlyAdmin
from games.models import ResultEvent, ResultVersion
from mail.models import Outbound
from publishing.models import SeasonSnapshot
from rating.models import RatedLeagueMember, RatingChange

LOGS = (AuditEntry, ResultEvent, ResultVersion, Outbound)  # never deleted either
RECOMPUTED = (SeasonSnapshot, RatingChange, RatedLeagueMember)  # deletable: written again


@pytest.mark.django_db
@pytest.mark.parametrize("model", [*LOGS, *RECOMPUTED])
def test_records_the_app_writes_cannot_be_added_or_changed_in_the_admin(model):
    model_admin = admin.site._registry[model]
    request = RequestFactory().get("/admin/")
    request.user = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    assert isinstance(model_admin, ReadOnlyAdmin)
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert model_admin.has_delete_permission(request) == (model in RECOMPUTED)

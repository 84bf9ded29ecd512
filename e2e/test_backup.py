"""Backup in Chromium (game/ui/backup_view.py): "Export everything" in one browser, the
file imported into a fresh one after its preview gives the same stored saves, statistics
and settings, and the same game list; damaged, foreign and newer files are refused with
one sentence and change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import READY, READY_TIMEOUT_MS, seed_storage, sentences, storage
from playwright.sync_api import expect

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "backup_v1.json"
SETTINGS = "body[data-view=home] .home-settings"


def open_home(context, site_url: str):
    page = context.new_page()
    page.goto(site_url + "/")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def kept(stored: dict) -> dict:
    """What a backup holds of a browser's storage (not the early boards' copies)."""
    return {k: v for k, v in stored.items()
            if k.startswith("cardgames:") and not k.startswith("cardgames:early:")}


def test_export_from_one_browser_and_import_into_a_fresh_one(new_context, site_url, tmp_path):
    stored = json.loads(FIXTURE.read_text(encoding="utf-8"))["stored"]
    stored["cardgames:language"] = "en"  # the tests read English words
    home = new_context(accept_downloads=True)
    seed_storage(home, stored)
    page = open_home(home, site_url)
    page.click(SETTINGS)
    with page.expect_download() as info:
        page.click('#settings-dialog [data-backup="export"]')
    download = info.value
    assert download.suggested_filename.startswith("card-games-backup-")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["format"] == "card-games-backup" and exported["v"] == 1
    assert exported["stored"] == kept(storage(page))
    game_list = page.locator("#game-list").inner_text()

    away = open_home(new_context(), site_url)
    away.click(SETTINGS)
    away.set_input_files("#backup-file", str(path))
    preview = away.locator("#backup-preview")
    expect(preview).to_have_attribute("data-state", "plan")
    saves = sum(1 for k in exported["stored"] if k.startswith("cardgames:save:"))
    currents = sum(1 for k in exported["stored"] if k.startswith("cardgames:current:"))
    expect(preview.locator("tbody tr").first).to_contain_text(str(saves + currents))
    assert not [k for k in storage(away) if k.startswith("cardgames:save:")]  # not yet
    away.click('#backup-preview [data-backup="apply"]')
    away.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(away.locator("#toast")).to_contain_text("imported")
    assert kept(storage(away)) == exported["stored"]
    assert away.locator("#game-list").inner_text() == game_list
    # The statistics read as at home.
    away.goto(site_url + "/?game=devils-square")
    away.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    away.click('.actions [data-action="stats"]')
    away.select_option("#stats-mode", "all")
    expect(away.locator("#stats-body")).to_have_attribute("data-played", "4")


@pytest.mark.parametrize("content", [
    b"not json at all",
    b'{"format": "something-else", "v": 1, "stored": {}}',
    b'{"format": "card-games-backup", "v": 99, "stored": {}}',
    b'{"format": "card-games-backup", "v": 1, "stored": {"cardgames:save:devils-grip:1": "x"}}',
    b"[" * 5000 + b"]" * 5000,
    b"<script>window.__pwned = 1</script>",
])
def test_hostile_files_are_refused_with_one_sentence(new_context, site_url, tmp_path, content):
    page = open_home(new_context(), site_url)
    before = kept(storage(page))  # (js/early.js may keep its copy of the list meanwhile)
    page.click(SETTINGS)
    path = tmp_path / "backup.json"
    path.write_bytes(content)
    page.set_input_files("#backup-file", str(path))
    preview = page.locator("#backup-preview")
    expect(preview).to_have_attribute("data-state", "refused")
    text = preview.inner_text()
    assert sentences(text) == 1 and "nothing was imported" in text, text
    assert page.locator('#backup-preview [data-backup="apply"]').count() == 0
    assert kept(storage(page)) == before
    assert page.evaluate("window.__pwned") is None

"""The site installs as an app (issue 7): the manifest parses and is linked, every icon
loads with the size and type it claims, Chromium itself reports the page installable
(CDP Page.getInstallabilityErrors: a manifest with the right fields and icons, and a
service worker with a fetch handler on a secure origin, which 127.0.0.1 is), and the
installed app's start_url opens with the network cut once the service worker has
cached the site."""

from __future__ import annotations

import json
import re
import struct
from urllib.parse import urljoin

import pytest
from conftest import SITE
from playwright.sync_api import Page

READY = "body[data-state=ready]"
REQUIRED = {"name", "short_name", "start_url", "scope", "display", "theme_color",
            "background_color", "icons"}


def manifest() -> dict:
    return json.loads((SITE / "manifest.webmanifest").read_text(encoding="utf-8"))


def open_ready(page: Page, url: str) -> Page:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    return page


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.xdist_group("shared-pages")
def test_the_manifest_parses_and_is_linked(shared_page, site_url):
    data = manifest()
    assert REQUIRED <= data.keys()
    assert data["start_url"] == "./" and data["scope"] == "./"
    assert data["display"] == "standalone"
    for colour in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", data[colour]), colour
    page = shared_page("/")
    href = page.get_attribute('link[rel="manifest"]', "href")
    assert urljoin(site_url + "/", href) == site_url + "/manifest.webmanifest"
    response = page.request.get(site_url + "/manifest.webmanifest")
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    assert response.json() == data


@pytest.mark.xdist_group("shared-pages")
def test_every_icon_loads_with_its_size_and_type(shared_page, site_url):
    page = shared_page("/")
    icons = manifest()["icons"]
    purposes = {icon.get("purpose", "any") for icon in icons}
    assert {"any", "maskable"} <= purposes
    sizes = {icon["sizes"] for icon in icons if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["type"] == "image/svg+xml" and icon["sizes"] == "any" for icon in icons)
    # the manifest's icons, the favicon and the apple-touch-icon the page links
    links = page.eval_on_selector_all(
        'link[rel="icon"], link[rel="apple-touch-icon"]',
        "els => els.map(e => [e.rel, e.getAttribute('href'), e.getAttribute('type')])")
    assert {rel for rel, _, _ in links} == {"icon", "apple-touch-icon"}
    checks = [(icon["src"], icon["type"], icon["sizes"]) for icon in icons]
    checks += [(href, kind or "image/png", "180x180" if rel == "apple-touch-icon" else "any")
               for rel, href, kind in links]
    for src, kind, size in checks:
        response = page.request.get(urljoin(site_url + "/", src))
        assert response.ok, src
        assert response.headers["content-type"].split(";")[0] == kind, src
        body = response.body()
        if kind == "image/png":
            width, height = png_size(body)
            assert f"{width}x{height}" == size, src
        else:
            assert re.search(rb"<svg[^>]*viewBox=\"0 0 512 512\"", body), src
    # the page shows the favicon without a failed request
    assert page.evaluate("document.querySelector('link[rel=icon]').href").endswith("icon.svg")


def test_chromium_reports_the_page_installable(
    browser_type, browser_type_launch_args, site_url, tmp_path, _console_guard
):
    # A profile on disk: Playwright's usual contexts are incognito, where Chromium
    # installs nothing (its only complaint there is "in-incognito").
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args)
    _console_guard.watch_context(context)
    try:
        page = open_ready(context.new_page(), site_url + "/")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        # and the manifest Chromium read is ours, without complaints
        found = cdp.send("Page.getAppManifest")
        assert found["url"] == site_url + "/manifest.webmanifest"
        assert not found.get("errors"), found.get("errors")
    finally:
        context.close()


def test_the_start_url_opens_offline(new_context, serve_site):
    url, stop = serve_site()
    context = new_context()
    page = open_ready(context.new_page(), url + "/?game=devils-grip&deal=7")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function("caches.keys().then(k => k.length === 1)", timeout=60_000)
    start = urljoin(url + "/", manifest()["start_url"])
    stop()
    context.set_offline(True)
    app = context.new_page()  # the installed app opens a window at its start_url
    response = app.goto(start)
    assert response is not None and response.from_service_worker
    app.wait_for_selector(READY, state="attached", timeout=60_000)
    assert app.evaluate("document.body.dataset.view") == "home"
    assert app.locator("#game-list .game-tile").count() == 5
    # and a game opens from it, still offline
    app.click('a.game-tile[data-game-id="devils-grip"]')
    app.wait_for_selector('body[data-game="devils-grip"][data-state="ready"]', state="attached")
    assert app.locator("[data-zone^=cell] [data-card]").count() == 24

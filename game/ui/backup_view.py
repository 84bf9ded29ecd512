"""Backup in the Settings dialog: "Export everything" downloads one file of the saves,
statistics and settings; "Import" reads such a file, shows what importing it would do
(added, replaced, kept, unchanged) and does it only when the player says so, then opens
the page again so every part reads the data afresh. What the file is, how it is checked
and merged: backup.py (pure, tested in CPython)."""

from __future__ import annotations

import time
from html import escape
from typing import TYPE_CHECKING

from pyscript import document, window

from ..i18n import mark, tr
from .dom import by_id, closest, js_object, listen, missing, proxy

if TYPE_CHECKING:
    from . import backup
    from .page import Page


IMPORTED = "cardgames:imported"  # sessionStorage: say after the reload that it was done


class BackupView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.dialog = by_id("settings-dialog")
        self.plan: backup.Plan | None = None
        self._read = proxy(self._file_read)
        page.on("settings-rendered", self.render)
        listen(self.dialog, "click", self._on_click)
        listen(self.dialog, "change", self._on_change)
        try:
            done = window.sessionStorage.getItem(IMPORTED)
            window.sessionStorage.removeItem(IMPORTED)
        except Exception:  # noqa: BLE001 - no session storage: no note
            done = None
        if done == "1":
            page.toast(tr("Your backup was imported."))

    def render(self) -> None:
        """The Backup part of the Settings dialog, written again with the dialog."""
        self.plan = None
        note = tr("One file of your saved games, statistics and settings: keep it, or take "
                  "it to another browser or device and import it there.")
        section = document.createElement("fieldset")
        section.className = "backup"
        section.innerHTML = (
            f'<legend>{escape(tr("Backup"))}</legend>'
            f'<p class="pref-note">{escape(note)}</p>'
            '<div class="backup-actions">'
            f'<button type="button" data-backup="export">{escape(tr("Export everything"))}'
            '</button>'
            f'<label class="backup-import"><span>{escape(tr("Import a backup"))}</span> '
            '<input type="file" accept=".json,application/json" data-backup="file" '
            'id="backup-file"></label></div>'
            '<div class="backup-preview" id="backup-preview" role="status"></div>')
        prefs = self.dialog.querySelector(".prefs")  # the dialog's own column of parts
        (self.dialog if missing(prefs) else prefs).appendChild(section)

    # -- export ---------------------------------------------------------------------------

    def export(self) -> None:
        from . import backup  # (backup.py and what it reads: on first use, not at start-up)

        text = backup.export_text(self.page.store, int(time.time()))
        today = window.Date.new()
        name = backup.file_name(int(today.getFullYear()), int(today.getMonth()) + 1,
                                int(today.getDate()))
        blob = window.Blob.new(js_object([text]), js_object({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.URL.revokeObjectURL(url)

    # -- import ---------------------------------------------------------------------------

    def _on_change(self, event) -> None:
        target = event.target
        if str(target.id) != "backup-file" or missing(target.files) or not target.files.length:
            return
        file = target.files.item(0)
        from . import backup

        if int(file.size) > backup.MAX_FILE:
            self._refused(backup.BadBackup(tr(
                "This file is too large to be a backup of this site, so nothing was "
                "imported.")))
            return
        file.text().then(self._read)

    def _file_read(self, text) -> None:
        from . import backup

        try:
            stored = backup.read_backup(str(text))
        except backup.BadBackup as error:
            self._refused(error)
            return
        self.plan = backup.plan(self.page.store, stored)
        heads = "".join(f"<th scope=\"col\">{escape(tr(word))}</th>" for word in (
            mark("Added"), mark("Replaced"), mark("Kept"), mark("Unchanged")))
        rows = "".join(
            f'<tr><th scope="row">{escape(label)}</th>'
            + "".join(f"<td>{n}</td>" for n in counts) + "</tr>"
            for label, *counts in self.plan.rows())
        kept = tr("Nothing is lost: where one copy is replaced or kept, the other is kept "
                  "aside.")
        preview = by_id("backup-preview")
        preview.dataset.state = "plan"
        preview.innerHTML = (
            f'<p>{escape(tr("Importing this file would do this:"))}</p>'
            f'<table class="backup-plan"><thead><tr><td></td>{heads}</tr></thead>'
            f"<tbody>{rows}</tbody></table>"
            f'<p class="pref-note">{escape(kept)}</p>'
            '<div class="backup-actions">'
            f'<button type="button" class="primary" data-backup="apply">'
            f'{escape(tr("Import"))}</button>'
            f'<button type="button" data-backup="cancel">{escape(tr("Cancel"))}</button></div>')

    def _refused(self, error: backup.BadBackup) -> None:
        preview = by_id("backup-preview")
        preview.dataset.state = "refused"
        preview.textContent = str(error)
        self.page.toast(str(error))

    def _on_click(self, event) -> None:
        button = closest(event.target, "[data-backup]")
        if missing(button):
            return
        action = str(button.dataset.backup)
        if action == "export":
            self.export()
        elif action == "cancel":
            self.plan = None
            preview = by_id("backup-preview")
            preview.dataset.state = ""
            preview.textContent = ""
            by_id("backup-file").value = ""
        elif action == "apply" and self.plan is not None:
            planned, self.plan = self.plan, None
            from . import backup

            if not backup.apply(self.page.store, planned):
                self.page.toast(tr("The browser refused to store data, so progress is not "
                                   "being saved."))
                return
            try:
                window.sessionStorage.setItem(IMPORTED, "1")
            except Exception:  # noqa: BLE001 - only the note after the reload is lost
                pass
            window.location.reload()  # every part of the page reads the data afresh

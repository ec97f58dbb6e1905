"""A page's links and forms, and what a browser sends when one of a form's buttons is pressed
(the HTML standard's form data set, for the controls our pages use)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

NOT_SENT = {"submit", "image", "reset", "button", "file"}
SUBMIT_INPUTS = {"submit", "image"}
SITE = "http://testserver"  # the test client's host


@dataclass
class Control:
    """One form control: an input, a select (its chosen options), a textarea or a button."""

    tag: str
    name: str
    kind: str = ""
    value: str = ""
    checked: bool = False
    disabled: bool = False
    chosen: list[str] = field(default_factory=list)
    attrs: dict[str, str] = field(default_factory=dict)

    def pairs(self) -> list[tuple[str, str]]:
        """What the browser sends for this control when it is not the pressed button."""
        if self.disabled or not self.name:
            return []
        if self.tag == "select":
            return [(self.name, value) for value in self.chosen]
        if self.tag == "button" or self.kind in NOT_SENT:
            return []
        if self.kind in ("checkbox", "radio"):
            return [(self.name, self.value or "on")] if self.checked else []
        return [(self.name, self.value)]


@dataclass
class Button:
    """A submit button: its own name and value are sent, and it may override the target."""

    name: str
    value: str
    label: str
    formaction: str | None
    formmethod: str | None
    formenctype: str | None

    def pairs(self) -> list[tuple[str, str]]:
        return [(self.name, self.value)] if self.name else []


@dataclass
class Form:
    action: str
    method: str
    enctype: str
    ident: str
    in_main: bool
    controls: list[Control] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)

    def presses(self) -> list[Button | None]:
        """Every way to send the form: each enabled button, or Enter in a field if none."""
        return list(self.buttons) or [None]

    def submission(self, button: Button | None, page_url: str) -> Submission:
        """The request a browser makes when `button` is pressed on the page at `page_url`."""
        data = [pair for control in self.controls for pair in control.pairs()]
        if button is not None:
            data += button.pairs()
        action = (button.formaction if button and button.formaction else None) or self.action
        method = (button.formmethod if button and button.formmethod else None) or self.method
        enctype = (button.formenctype if button and button.formenctype else None) or self.enctype
        url = urljoin(page_url, action) if action else page_url
        return Submission(urlsplit(url)._replace(fragment="").geturl(), method, enctype, data)


@dataclass
class Submission:
    url: str
    method: str
    enctype: str
    data: list[tuple[str, str]]


@dataclass
class PageParts:
    links: list[str]
    forms: list[Form]
    # The addresses the page's scripts are given (data-* attributes, JSON script blocks).
    script_addresses: list[str]


class _Reader(HTMLParser):
    """Collects links and forms; controls may sit outside their form (the `form` attribute)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.script_addresses: list[str] = []
        self.json_script: list[str] | None = None
        self.forms: list[Form] = []
        self.owned: list[tuple[Form | str, Control | Button]] = []
        self.form: Form | None = None
        self.select: Control | None = None
        self.option: dict[str, str] | None = None
        self.option_text: list[str] = []
        self.options: list[tuple[dict[str, str], str]] = []
        self.textarea: Control | None = None
        self.button: tuple[Button, list[str]] | None = None
        self.disabled_fieldsets = 0
        self.fieldsets: list[bool] = []
        self.main = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        self.script_addresses += [
            value for key, value in a.items() if key.startswith("data-") and value.startswith("/")
        ]
        if tag == "script" and a.get("type") == "application/json":
            self.json_script = []
        elif tag == "a" and "href" in a:
            self.links.append(a["href"])
        elif tag == "main":
            self.main += 1
        elif tag == "form":
            self.form = Form(
                action=a.get("action", ""),
                method=(a.get("method") or "get").lower(),
                enctype=a.get("enctype") or "application/x-www-form-urlencoded",
                ident=a.get("id", ""),
                in_main=self.main > 0,
            )
            self.forms.append(self.form)
        elif tag == "fieldset":
            disabled = "disabled" in a
            self.fieldsets.append(disabled)
            self.disabled_fieldsets += disabled
        elif tag == "input":
            self._input(a)
        elif tag == "button":
            self._button(a)
        elif tag == "select":
            self.select = self._control("select", a)
            self.options = []
        elif tag == "option" and self.select is not None:
            self._end_option()
            self.option, self.option_text = a, []
        elif tag == "textarea":
            self.textarea = self._control("textarea", a)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "script" and self.json_script is not None:
            self.script_addresses += addresses_in_json("".join(self.json_script))
            self.json_script = None
        elif tag == "main" and self.main:
            self.main -= 1
        elif tag == "fieldset" and self.fieldsets:
            self.disabled_fieldsets -= self.fieldsets.pop()
        elif tag == "option":
            self._end_option()
        elif tag == "select" and self.select is not None:
            self._end_option()
            self._choose(self.select)
            self.select = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "button" and self.button is not None:
            button, text = self.button
            button.label = " ".join("".join(text).split())
            self.button = None

    def handle_data(self, data: str) -> None:
        if self.json_script is not None:
            self.json_script.append(data)
        if self.option is not None:
            self.option_text.append(data)
        if self.textarea is not None:
            self.textarea.value += data
        if self.button is not None:
            self.button[1].append(data)

    def _owner(self, a: dict[str, str]) -> Form | str | None:
        return a["form"] if a.get("form") else self.form

    def _disabled(self, a: dict[str, str]) -> bool:
        return "disabled" in a or self.disabled_fieldsets > 0

    def _control(self, tag: str, a: dict[str, str]) -> Control:
        control = Control(
            tag=tag,
            name=a.get("name", ""),
            kind=(a.get("type") or "text").lower() if tag == "input" else "",
            value=a.get("value", ""),
            checked="checked" in a,
            disabled=self._disabled(a),
            attrs=a,
        )
        owner = self._owner(a)
        if owner is not None:
            self.owned.append((owner, control))
        return control

    def _input(self, a: dict[str, str]) -> None:
        control = self._control("input", a)
        if control.kind in SUBMIT_INPUTS and not control.disabled:
            button = self._make_button(a, label=a.get("value", ""))
            if control.kind == "image":
                button.name, button.value = "", ""  # sent as name.x / name.y: not by our pages
            self._own_button(a, button)

    def _button(self, a: dict[str, str]) -> None:
        kind = (a.get("type") or "submit").lower()
        if kind not in ("button", "reset") and not self._disabled(a):
            button = self._make_button(a, label="")
            self._own_button(a, button)
            self.button = (button, [])

    def _make_button(self, a: dict[str, str], label: str) -> Button:
        return Button(
            name=a.get("name", ""),
            value=a.get("value", ""),
            label=label,
            formaction=a.get("formaction"),
            formmethod=(a.get("formmethod") or "").lower() or None,
            formenctype=a.get("formenctype"),
        )

    def _own_button(self, a: dict[str, str], button: Button) -> None:
        owner = self._owner(a)
        if owner is not None:
            self.owned.append((owner, button))

    def _end_option(self) -> None:
        if self.option is not None:
            self.options.append((self.option, "".join(self.option_text)))
            self.option = None

    def _choose(self, select: Control) -> None:
        """The options sent: the selected ones, else (one-line select) the first enabled one."""
        enabled = [(a, text) for a, text in self.options if "disabled" not in a]
        chosen = [(a, text) for a, text in enabled if "selected" in a]
        if not chosen and enabled and "multiple" not in select.attrs:
            chosen = enabled[:1]
        if "multiple" not in select.attrs:
            chosen = chosen[-1:]
        select.chosen = [a.get("value", " ".join(text.split())) for a, text in chosen]

    def parts(self) -> PageParts:
        by_id = {form.ident: form for form in self.forms if form.ident}
        for owner, item in self.owned:
            form = by_id.get(owner) if isinstance(owner, str) else owner
            if form is None:
                continue
            if isinstance(item, Button):
                form.buttons.append(item)
            else:
                form.controls.append(item)
        for form in self.forms:
            for control in form.controls:
                if control.tag == "textarea" and control.value.startswith("\n"):
                    control.value = control.value[1:]  # the parser drops a leading newline
        return PageParts(self.links, self.forms, self.script_addresses)


def addresses_in_json(text: str) -> list[str]:
    """The site addresses a JSON document names (paths, or this site's full addresses)."""
    try:
        stack: list[object] = [json.loads(text)]
    except ValueError:
        return []
    found: list[str] = []
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            address = item.removeprefix(SITE)
            if address.startswith("/") and not address.startswith("//"):
                found.append(address)
    return found


def read_page(html: str) -> PageParts:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.parts()

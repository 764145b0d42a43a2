"""Whole deals played by clicking in a real headless browser (Chromium through Playwright).

Each human seat has its own page; at every turn the test checks that the page shows that
seat's hand and no card hidden from it. On a failure every page is saved as a screenshot in a
temporary folder, whose path is printed.
"""

from __future__ import annotations

import random
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import briscola
import briscola.web.app as web_app
from briscola import (
    Card,
    Phase,
    Play,
    Record,
    SwapTrump,
    apply,
    current_player,
    legal_moves,
    new_match,
    observe,
    score,
)
from briscola.web.tables import Table, Tables, TableSettings
from web_support import hidden_from, live_server

pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT = 15_000  # ms for one page to show one move


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[Tables, str]]:
    tables = Tables()
    with live_server(tables) as base:
        yield tables, base


def cards_on(page: Any, selector: str = "[data-card]") -> set[str]:
    """The cards a page shows for the deal in progress (the last deal's panel apart)."""
    codes: list[str] = page.eval_on_selector_all(
        selector, "els => els.filter(e => !e.closest('#previous')).map(e => e.dataset.card)"
    )
    return set(codes)


def row_cards(page: Any) -> dict[int, set[str]]:
    """The cards each seat's row of the seats table shows, by seat."""
    pairs: list[tuple[str, str]] = page.eval_on_selector_all(
        "#seats tr[data-seat] [data-card]",
        "els => els.filter(e => !e.closest('#previous'))"
        ".map(e => [e.closest('tr').dataset.seat, e.dataset.card])",
    )
    rows: dict[int, set[str]] = {}
    for seat, code in pairs:
        rows.setdefault(int(seat), set()).add(code)
    return rows


def wait_for_move(table: Table, before: int) -> None:
    deadline = time.monotonic() + TIMEOUT / 1000
    while len(table.moves) == before:
        assert time.monotonic() < deadline, "the server never received the move"
        time.sleep(0.005)


def play_first_moves(table: Table, going: Callable[[], bool]) -> None:
    """Play each seat's first legal move on the server side while ``going()``."""
    while going():
        seat = current_player(table.match)
        assert seat is not None
        table.apply(seat, legal_moves(table.match)[0], ply=table.view_of(seat).ply)


def play_random_moves(table: Table, rng: random.Random, going: Callable[[], bool]) -> None:
    """Play random legal moves, drawn from ``rng``, on the server side while ``going()``."""
    while going():
        seat = current_player(table.match)
        assert seat is not None
        view = table.view_of(seat)
        table.apply(seat, rng.choice(view.legal_moves), ply=view.ply)


def play_by_clicking(
    browser: Any,
    server: tuple[Tables, str],
    settings: TableSettings,
    *,
    spectate: bool = False,
) -> tuple[Table, dict[int | None, Any]]:
    """Play the whole match at ``settings``: the bots' seats by bots, the others by clicks."""
    tables, base = server
    table = tables.create(settings)
    pages: dict[int | None, Any] = {}
    errors: list[str] = []
    rng = random.Random(settings.seed)
    try:
        # One context (a window of its own) per seat: no page is a throttled background tab.
        seats: list[int | None] = [seat for seat in range(table.players) if seat not in table.bots]
        for seat in seats + ([None] if spectate else []):
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            pages[seat] = context.new_page()
        for seat, page in pages.items():
            page.on("pageerror", lambda error: errors.append(str(error)))
            fragment = "" if seat is None else f"#{table.tokens[seat]}"
            page.goto(f"{base}/t/{table.id}{fragment}")
            page.wait_for_selector("body[data-connected=true]", timeout=TIMEOUT)
        keyboard = 0
        while not table.over:
            seat = current_player(table.match)
            if seat is None or seat in table.bots:
                time.sleep(0.005)
                continue
            page = pages[seat]
            view = observe(table.match.state, seat)
            page.wait_for_selector(
                f'body[data-ply="{view.ply}"][data-deal="{table.deal_number}"][data-turn="yours"]',
                timeout=TIMEOUT,
            )
            # Nobody else can move now, so the page and the server agree on what is hidden.
            assert cards_on(page, "#hand [data-card]") == {str(card) for card in view.hand}
            assert not cards_on(page) & hidden_from(table, seat)
            # The seats' rows list only cards their seats hold: shown hands without the cards
            # played or given up since.
            for row, shown in row_cards(page).items():
                assert shown <= {str(card) for card in table.match.state.hands[row]}
            if None in pages and view.ply % 5 == 0:
                spectator = pages[None]
                spectator.wait_for_selector(f'body[data-ply="{view.ply}"]', timeout=TIMEOUT)
                assert not cards_on(spectator, "#hand [data-card]")
                assert not cards_on(spectator) & hidden_from(table, None)
            buttons = page.locator("[data-move]:not(:disabled):visible")
            button = buttons.nth(rng.randrange(buttons.count()))
            assert button.get_attribute("data-move") in {str(m) for m in view.legal_moves}
            before = len(table.moves)
            key = button.get_attribute("data-key")
            if key is not None and rng.random() < 0.3:
                page.keyboard.press(key)  # number keys choose moves
                keyboard += 1
            else:
                button.click()
            wait_for_move(table, before)
        for page in pages.values():
            page.wait_for_selector('body[data-over="true"]', timeout=TIMEOUT)
        assert not errors
        assert keyboard > 0 or len(table.moves) < 20
        return table, pages
    except BaseException:
        folder = Path(tempfile.mkdtemp(prefix="briscola-web-"))
        for seat, page in pages.items():
            path = folder / f"{settings.variant}-seat-{'spectator' if seat is None else seat}.png"
            try:
                page.screenshot(path=str(path), full_page=True)
                print(f"screenshot: {path}")
            except Exception as error:  # the page may be what failed
                print(f"no screenshot of {path.name}: {error}")
        if errors:
            print("page errors:", *errors, sep="\n  ")
        raise


def test_classic_two_pages_and_a_spectator(browser: Any, server: tuple[Tables, str]) -> None:
    settings = TableSettings("classic", seed=21)
    _, pages = play_by_clicking(browser, server, settings, spectate=True)
    for page in pages.values():
        result = page.inner_text("#result")
        assert "Card points" in result
        assert "Won by" in result or "No winner" in result
    assert pages[0].locator("#records button").count() == 1
    assert not pages[None].locator("#records button").count()
    assert pages[0].inner_text("#moves") == "The match is over: nothing more to play."
    for page in pages.values():
        page.context.close()


def test_classic_4_a_match_against_bots(browser: Any, server: tuple[Tables, str]) -> None:
    settings = TableSettings(
        "classic-4",
        {"share_hands_when_stock_empty": "automatic"},  # partners' hands shown, then played
        "fixed_deals(2)",
        seed=8,
        bots={1: "greedy", 2: "random", 3: "search"},
    )
    table, pages = play_by_clicking(browser, server, settings)
    page = pages[0]
    standing = page.inner_text("#match")
    assert "fixed_deals(2)" in standing
    assert "Deal 2" in standing
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the record of deal 1").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    first = table.finished[0]
    assert first is not None
    assert Record.from_text(text).final_state() == first
    page.context.close()


def test_a_card_given_up_for_the_face_up_card_leaves_the_shown_hand(
    browser: Any, server: tuple[Tables, str]
) -> None:
    """Seat 0 shows its hand to its partner, then gives up its 7 of trumps for the face-up
    card: the partner's page no longer lists the 7 in seat 0's hand (§3.1, §3.3)."""
    tables, base = server
    options = {"share_hands_before_first_trick": "automatic", "seven_swap": True}
    table = tables.create(TableSettings("classic-4", options, seed=15, bots={1: "greedy"}))
    swap = SwapTrump(Card.parse("7D"))
    ply = observe(table.match.state, 0).ply
    assert swap in legal_moves(table.match.state)  # seed 15: seat 0 may swap at once
    context = browser.new_context()
    try:
        pages: dict[int, Any] = {}
        for seat in (0, 2):
            pages[seat] = context.new_page()
            pages[seat].goto(f"{base}/t/{table.id}#{table.tokens[seat]}")
            pages[seat].wait_for_selector(f'body[data-ply="{ply}"]', timeout=TIMEOUT)
        assert "7D" in row_cards(pages[2])[0]  # shown to the partner
        pages[0].click('[data-move="swap 7D"]')
        pages[2].wait_for_selector(f'body[data-ply="{ply + 1}"]', timeout=TIMEOUT)
        assert table.match.state.trump_card == swap.card
        assert row_cards(pages[2])[0] <= {str(card) for card in table.match.state.hands[0]}
        assert "QD" in row_cards(pages[2])[0]  # the face-up card taken, known to everyone
    finally:
        context.close()


def test_a_suit_named_in_secret_is_said_to_be_named(
    browser: Any, server: tuple[Tables, str]
) -> None:
    """Under a blind first trick the caller names the suit in secret before trick 1: the
    other seats' pages say so, rather than that it is not named yet (§2.5.8)."""
    tables, base = server
    options = {"first_trick_blind": "committed"}
    table = tables.create(TableSettings("chiamata", options, seed=3))
    rng = random.Random(3)
    play_random_moves(table, rng, lambda: table.match.state.phase is not Phase.PLAY)
    caller = observe(table.match.state, 0).caller
    assert caller is not None
    other = (caller + 1) % 5
    view = observe(table.match.state, other)
    assert view.trump_suit is None  # secret from everyone but the caller
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{base}/t/{table.id}#{table.tokens[other]}")
        page.wait_for_selector(f'body[data-ply="{view.ply}"]', timeout=TIMEOUT)
        assert page.inner_text("#trump") == "Trumps: named in secret, shown after trick 1"
    finally:
        context.close()


def test_chiamata_auction_naming_and_play_against_bots(
    browser: Any, server: tuple[Tables, str]
) -> None:
    settings = TableSettings(
        "chiamata", seed=5, bots={1: "random", 2: "random", 3: "random", 4: "random"}
    )
    table, pages = play_by_clicking(browser, server, settings)
    assert table.match.state.phase.value == "over"
    result = pages[0].inner_text("#result")
    assert "called for" in result
    for page in pages.values():
        page.context.close()


def test_the_french_toggle_and_the_lobby(browser: Any, server: tuple[Tables, str]) -> None:
    tables, base = server
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/")
    page.select_option("#variant", "classic-4")
    page.select_option("select[name=bot-1]", "random")
    page.select_option("select[name=bot-2]", "")
    page.select_option("select[name=bot-3]", "")
    page.fill("#format", "best_of(3)")
    page.click("summary")  # the table rules, folded at first
    assert page.input_value("#opt-signal_tokens") == "ACE,THREE,KING,KNIGHT,JACK"
    page.check("#opt-signals")
    page.fill("#opt-signal_tokens", ",".join(briscola.SIGNAL_TOKENS))
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    links = page.locator("#link-list a")
    assert links.count() == 4  # three seats for people (seat 0, 2, 3 here) and the spectators
    table_id = (links.first.get_attribute("href") or "").split("/t/")[1].split("#")[0]
    table = tables.get(table_id)
    assert table is not None
    created = table.match.rules
    assert created.signals
    assert created.signal_tokens == briscola.SIGNAL_TOKENS
    page.goto(links.first.get_attribute("href") or "")
    page.wait_for_selector("body[data-connected=true]")
    italian = page.inner_text("#hand")
    page.check("#french")
    french = page.inner_text("#hand")
    assert italian != french
    assert any(symbol in french for symbol in "♦♥♠♣")
    first = page.locator("#hand [data-card]").first
    assert " of " in (first.get_attribute("aria-label") or "")
    context.close()


MOVE_KINDS = [
    ("bugiarda", {"public_claims": True}),  # declarations, during play too
    ("chiamata-milan", {}),  # rank bids, point bids, naming the trumps
    ("chiamata", {"auction": "points_only"}),  # naming the called card
    ("classic", {"seven_swap": True}),  # swapping for the face-up card
    ("classic-4", {"signals": True, "share_hands_before_first_trick": "voluntary"}),
]


@pytest.mark.parametrize(("variant", "options"), MOVE_KINDS, ids=[v for v, _ in MOVE_KINDS])
def test_every_kind_of_move_is_a_button(
    browser: Any, server: tuple[Tables, str], variant: str, options: dict[str, object]
) -> None:
    """Whenever a kind of move is legal for the first time, the page offers exactly the
    legal moves as buttons, each carrying its notation."""
    tables, base = server
    context = browser.new_context()
    page = context.new_page()
    checked: set[str] = set()
    try:
        for seed in range(40):
            table = tables.create(TableSettings(variant, options, seed=seed))
            rng = random.Random(seed)
            while not table.over:
                seat = current_player(table.match)
                assert seat is not None
                view = observe(table.match.state, seat)
                kinds = {type(move).__name__ for move in view.legal_moves}
                if kinds - checked:
                    # A fresh page: going to a link that differs only after "#" would not
                    # load the page again.
                    page.close()
                    page = context.new_page()
                    page.goto(f"{base}/t/{table.id}#{table.tokens[seat]}")
                    page.wait_for_selector(f'body[data-ply="{view.ply}"]', timeout=TIMEOUT)
                    offered = page.eval_on_selector_all(
                        "[data-move]:not(:disabled)", "els => els.map(e => e.dataset.move)"
                    )
                    assert sorted(offered) == sorted(str(move) for move in view.legal_moves)
                    checked |= kinds
                move = rng.choice(view.legal_moves)
                table.apply(seat, move, ply=view.ply)
            if set(_kinds_of(variant)) <= checked:
                break
    except BaseException:
        path = Path(tempfile.mkdtemp(prefix="briscola-web-")) / f"{variant}-moves.png"
        page.screenshot(path=str(path), full_page=True)
        print(f"screenshot: {path}")
        raise
    finally:
        context.close()
    assert set(_kinds_of(variant)) <= checked


def _kinds_of(variant: str) -> tuple[str, ...]:
    return {
        "bugiarda": ("Declare", "Pass", "Play"),
        "chiamata-milan": ("Bid", "BidPoints", "NameSuit", "Pass", "Play"),
        "chiamata": ("BidPoints", "NameCard", "Pass", "Play"),
        "classic": ("SwapTrump", "Play"),
        "classic-4": ("Signal", "ShowHand", "Pass", "Play"),
    }[variant]


# --- links, refusals, the keyboard and narrow screens --------------------------------------


def test_a_bad_link_says_so_and_a_new_link_changes_the_seat(
    browser: Any, server: tuple[Tables, str]
) -> None:
    tables, base = server
    table = tables.create(TableSettings("classic", seed=3))
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/t/{table.id}#%E0%A4%A")  # a malformed %-escape
    page.wait_for_selector("#notice:not([hidden])", timeout=TIMEOUT)
    assert page.inner_text("#notice") == "this link is not valid for this table"
    page.goto(f"{base}/t/{table.id}")
    page.wait_for_selector("body[data-seat=spectator]", timeout=TIMEOUT)
    page.goto(f"{base}/t/{table.id}#{table.tokens[1]}")  # only the part after "#" differs
    page.wait_for_selector("body[data-seat='1']", timeout=TIMEOUT)
    page.go_back()
    page.wait_for_selector("body[data-seat=spectator]", timeout=TIMEOUT)
    context.close()


def test_a_refused_move_stays_on_screen(browser: Any, server: tuple[Tables, str]) -> None:
    tables, base = server
    table = tables.create(TableSettings("classic", seed=5))
    context = browser.new_context()
    first, second = context.new_page(), context.new_page()
    for page in (first, second):
        page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
        page.wait_for_selector("body[data-turn=yours]", timeout=TIMEOUT)
    # Seat 0 in two tabs: the second keeps a card button from before the first plays.
    stale = second.query_selector("#hand [data-move]")
    first.click("#hand [data-move]")
    second.wait_for_selector("body[data-ply='1']", state="attached", timeout=TIMEOUT)
    stale.evaluate("button => button.click()")
    second.wait_for_selector("#notice:not([hidden])", timeout=TIMEOUT)
    second.wait_for_timeout(500)  # the table message that follows leaves it on screen
    assert "not your turn" in second.inner_text("#notice")
    context.close()


def test_the_keyboard_keeps_its_place(browser: Any, server: tuple[Tables, str]) -> None:
    tables, base = server
    table = tables.create(TableSettings("classic", seed=5, bots={1: "greedy"}))
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
    for ply in (0, 2, 4):
        page.wait_for_selector(
            f"body[data-turn=yours][data-ply='{ply}']", state="attached", timeout=TIMEOUT
        )
        if ply == 0:
            page.focus("#hand [data-move]")
        # The buttons were rebuilt, the bot's move in between: focus is on a move again.
        assert page.evaluate("document.activeElement.dataset.move !== undefined")
        page.keyboard.press("Enter")
    context.close()


def test_the_keyboard_waits_on_the_hand_and_ends_on_the_result(
    browser: Any, server: tuple[Tables, str]
) -> None:
    # Focus is never lost to the page: on the hand while the others play, back on a move
    # when one is offered, and on the result once the deal is over, which is announced.
    tables, base = server
    table = tables.create(TableSettings("classic", seed=5, bots={1: "greedy"}))
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
    page.wait_for_selector("body[data-turn=yours]", state="attached", timeout=TIMEOUT)
    page.focus("#hand [data-move]")
    while page.get_attribute("body", "data-phase") != "over":
        page.wait_for_selector(
            "body[data-turn=yours] [data-move]:not(:disabled), body[data-phase=over]",
            state="attached",
            timeout=TIMEOUT,
        )
        if page.get_attribute("body", "data-phase") == "over":
            break
        assert page.evaluate("document.activeElement.dataset.move !== undefined")
        page.keyboard.press("Enter")
        # The button pressed is disabled until the table answers: focus waits on the hand
        # (on a move already when the bot answered at once, on the result at the end).
        focused = page.evaluate("document.activeElement.id || document.activeElement.dataset.move")
        assert focused in {"hand-title", "result-title"} or focused in page.eval_on_selector_all(
            "[data-move]", "bs => bs.map(b => b.dataset.move)"
        )
    page.wait_for_function("document.activeElement.id === 'result-title'", timeout=TIMEOUT)
    final = score(table.match.state)
    status = page.inner_text("#status")
    assert status.startswith(("Seat 1 played", "Seat 0 (you) played")), status
    assert "The deal is over: " in status
    assert ("won by Seat" in status) == bool(final.winners)
    if final.winners:  # the winners' points first, so a listener knows whose they are
        (winner,) = final.winners
        taken = final.points[winner]
        assert f" with {taken} card points to {120 - taken}." in status
    else:
        assert "no winner, card points 60 to 60." in status
    context.close()


def test_a_phone_gets_readable_text_and_buttons_a_finger_can_press(browser: Any) -> None:
    tables = Tables()
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    with live_server(tables) as base:
        table = tables.create(
            TableSettings("chiamata", seed=3, bots=dict.fromkeys((1, 2, 3, 4), "random"))
        )
        page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
        page.wait_for_selector(
            "body[data-turn=yours][data-phase=auction]", state="attached", timeout=TIMEOUT
        )
        # Text nodes of 12 px or more, everywhere on the table.
        smallest = page.evaluate(
            """() => {
              const sizes = [];
              const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
              while (walker.nextNode()) {
                const el = walker.currentNode.parentElement;
                if (walker.currentNode.textContent.trim() && el.offsetParent !== null)
                  sizes.push(parseFloat(getComputedStyle(el).fontSize));
              }
              return Math.min(...sizes);
            }"""
        )
        assert smallest >= 12
        heights = page.eval_on_selector_all(
            "#moves button", "bs => bs.map(b => b.getBoundingClientRect().height)"
        )
        assert heights
        assert min(heights) >= 44
        # Bidding on a hand: the cards are not faded while no card can be played.
        assert set(
            page.eval_on_selector_all(
                "#hand .card", "cs => cs.map(c => getComputedStyle(c).opacity)"
            )
        ) == {"1"}
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.focus("#moves button")
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
        assert outline == "rgb(11, 79, 179)"  # 3:1 or more on the light page
    context.close()


def test_the_lobby_keeps_its_links_and_follows_the_number_of_players(
    browser: Any, server: tuple[Tables, str]
) -> None:
    _, base = server
    context = browser.new_context(viewport={"width": 375, "height": 667})
    page = context.new_page()
    page.goto(f"{base}/")
    page.select_option("#variant", "chiamata")
    assert page.locator("#bot-seats select").count() == 5
    page.click("text=Table rules")
    page.fill("#opt-players", "6")
    assert page.locator("#bot-seats select").count() == 6
    page.select_option("select[name=bot-5]", "random")
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    links = page.locator("#link-list a")
    assert "Seat 5 (random bot)" in page.inner_text("#link-list")
    count = links.count()
    page.goto(links.first.get_attribute("href") or "")
    page.wait_for_selector("body[data-connected=true]", timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.go_back()
    page.wait_for_selector("#links:not([hidden])")
    assert page.locator("#link-list a").count() == count
    page.fill("#format", "best_of(x)")
    page.click("#create")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#link-list a").count() == count  # no new table, the old ones listed
    context.close()


def open_page(browser: Any, base: str, table: Table, seat: int | None) -> tuple[Any, Any]:
    """A new context with one connected page of ``table``: ``seat``'s, or a spectator's."""
    context = browser.new_context()
    page = context.new_page()
    token = "" if seat is None else f"#{table.tokens[seat]}"
    page.goto(f"{base}/t/{table.id}{token}")
    page.wait_for_selector("body[data-connected=true]", timeout=TIMEOUT)
    return context, page


def open_seats(
    browser: Any, server: tuple[Tables, str], settings: TableSettings
) -> tuple[Any, list[Any]]:
    """A new table at ``settings`` and a page per seat, in one context, all connected."""
    tables, base = server
    table = tables.create(settings)
    context = browser.new_context()
    pages = [context.new_page() for _ in range(table.players)]
    for seat, page in enumerate(pages):
        page.goto(f"{base}/t/{table.id}#{table.tokens[seat]}")
        page.wait_for_selector("body[data-connected=true]", timeout=TIMEOUT)
    return context, pages


def test_the_status_says_what_happened_and_a_waiting_hand_stays_readable(
    browser: Any, server: tuple[Tables, str]
) -> None:
    context, pages = open_seats(browser, server, TableSettings("classic", seed=5))
    first, second = pages
    first.wait_for_selector("body[data-turn=yours]", timeout=TIMEOUT)
    card = first.get_attribute("#hand [data-move]", "data-move")
    name = first.evaluate("code => Cards.name(code)", card)
    first.click("#hand [data-move]")
    second.wait_for_selector("body[data-turn=yours][data-ply='1']", timeout=TIMEOUT)
    # The status line is a live region: it says what the other seat did, then whose turn.
    assert second.inner_text("#status").startswith(f"Seat 0 played {name}. Your turn.")
    first.wait_for_selector("body[data-ply='1']", state="attached", timeout=TIMEOUT)
    assert first.inner_text("#status").startswith(f"Seat 0 (you) played {name}. Seat 1 to act")
    # Not its turn: seat 0's cards cannot be played, and are not faded either.
    waiting = first.eval_on_selector_all(
        "#hand button.card", "bs => bs.map(b => [b.disabled, getComputedStyle(b).opacity])"
    )
    assert waiting == [[True, "1"], [True, "1"]]
    # Cards that are not buttons are named for assistive technology, as pictures.
    assert first.get_attribute("#trick [data-card]", "role") == "img"
    # Each card of the trick is captioned with the seat that played it (the view's
    # trick_seats).
    assert first.inner_text("#trick figcaption") == "Seat 0 (you)"
    assert second.inner_text("#trick figcaption") == "Seat 0"
    context.close()


def test_a_lost_connection_disables_the_moves_and_says_so(browser: Any) -> None:
    tables = Tables()
    context = browser.new_context()
    page = context.new_page()
    with live_server(tables) as base:
        table = tables.create(TableSettings("classic", seed=5))
        page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
        page.wait_for_selector("body[data-turn=yours]", timeout=TIMEOUT)
    page.wait_for_selector("body[data-connected=false]", state="attached", timeout=TIMEOUT)
    assert page.inner_text("#status") == "Connection lost: reconnecting…"
    assert page.eval_on_selector_all("[data-move]", "bs => bs.length && bs.every(b => b.disabled)")
    context.close()


def test_the_page_says_why_some_cards_may_not_be_played(
    browser: Any, server: tuple[Tables, str]
) -> None:
    # A deal where the first card led leaves seat 1 cards it may not play.
    for seed in range(100):
        state = new_match("classic", seed=seed, must_follow_suit=True).state
        after = apply(state, legal_moves(state)[0])
        barred = [str(card) for card in after.hands[1] if Play(card) not in legal_moves(after)]
        if barred:
            break
    settings = TableSettings("classic", {"must_follow_suit": True}, seed=seed)
    context, pages = open_seats(browser, server, settings)
    pages[0].wait_for_selector("body[data-turn=yours]", timeout=TIMEOUT)
    pages[0].click("#hand [data-move]")  # the first card of the hand: legal_moves(state)[0]
    second = pages[1]
    second.wait_for_selector("body[data-turn=yours][data-ply='1']", timeout=TIMEOUT)
    assert "may not be played now (follow suit)" in second.inner_text("#moves")
    labels = second.eval_on_selector_all(
        "#hand button.card:disabled", "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    names = [second.evaluate("code => Cards.name(code)", code) for code in barred]
    assert labels == [f"{name}: may not be played now" for name in names]
    context.close()


def test_many_claims_fold_away_and_signals_are_named(
    browser: Any, server: tuple[Tables, str]
) -> None:
    # §3.6 public claims offer one for nearly every card; §3.5 signals name trumps.
    options = {
        "public_claims": True,
        "signals": True,
        "no_signals_first_trick": False,
        "signal_tokens": ("KNIGHT", "CARICHI"),
    }
    context, pages = open_seats(browser, server, TableSettings("classic-4", options, seed=1))
    page = pages[0]
    page.wait_for_selector("body[data-turn=yours]", timeout=TIMEOUT)
    claims = page.locator("#claims")
    assert claims.get_attribute("open") is None
    count = page.locator("#claims [data-move]").count()
    assert count > 12
    assert page.inner_text("#claims summary") == f"Claims about your hand ({count})"
    # The other moves come first, in plain words, and the folded claims cannot be tabbed to.
    kinds = page.eval_on_selector_all("#moves > *", "els => els.map(e => e.tagName)")
    assert kinds[-1] == "DETAILS"
    assert "DETAILS" not in kinds[:-1]
    labels = page.eval_on_selector_all("#moves > button", "els => els.map(e => e.dataset.label)")
    assert "Signal: Cavallo of trumps" in labels
    assert "Signal: Aces and Threes (any suit)" in labels
    assert not page.locator("#claims [data-move]:visible").count()
    # Number keys go to the moves on screen, in order, never to a folded claim.
    keys = "[data-move][data-key]"
    assert page.eval_on_selector_all(keys, "bs => bs.map(b => b.dataset.key)") == [
        str(n % 10) for n in range(1, page.locator(keys).count() + 1)
    ]
    assert not page.locator(f"#claims {keys}").count()
    last = page.locator(keys).last.get_attribute("data-move")
    shown = page.locator("[data-move]:not(#claims [data-move])").count()
    if shown < 10:  # the next key names nothing: pressing it makes no claim
        page.keyboard.press(str((shown + 1) % 10))
        time.sleep(0.3)
        assert not pages[1].locator("#log li").count()
    page.click("#claims summary")
    assert page.locator("#claims [data-move]:visible").count() == count
    # The keys follow on the "toggle" event, which comes after the click.
    page.wait_for_selector("#claims [data-key]", state="attached", timeout=TIMEOUT)
    assert page.locator(keys).count() == min(10, shown + count)
    assert page.locator(f"#claims {keys}").first.get_attribute("data-key") == str((shown + 1) % 10)
    page.click("#claims summary")
    page.wait_for_selector("#claims [data-key]", state="detached", timeout=TIMEOUT)
    assert page.locator(keys).last.get_attribute("data-move") == last
    context.close()


def test_the_removed_card_and_an_open_stock_are_shown(
    browser: Any, server: tuple[Tables, str]
) -> None:
    # §1.10: which 2 is out of classic-3 is public; open_stock shows the stock's order.
    tables, base = server
    options = {"removed_two": "random", "open_stock": True}
    table = tables.create(TableSettings("classic-3", options, seed=5))
    context, page = open_page(browser, base, table, 1)
    view = table.view_of(1)
    assert page.inner_text("#removed").startswith("Out of the deck:")
    assert cards_on(page, "#removed [data-card]") == {str(card) for card in view.removed}
    assert view.stock is not None
    stock: list[str] = page.eval_on_selector_all(
        "#open-stock-cards [data-card]", "els => els.map(e => e.dataset.card)"
    )
    assert stock == [str(card) for card in view.stock]
    context.close()
    context, pages = open_seats(browser, server, TableSettings("classic", seed=5))
    assert pages[0].locator("#removed").is_hidden()
    assert pages[0].locator("#open-stock").is_hidden()
    context.close()


def test_the_cards_drawn_from_an_open_stock_are_shown_in_their_drawers_rows(
    browser: Any, server: tuple[Tables, str]
) -> None:
    # §2.7: everyone saw the open stock and who drew, so each row shows what its seat drew.
    tables, base = server
    table = tables.create(TableSettings("classic-3", {"open_stock": True}, seed=5))
    play_first_moves(table, lambda: not table.match.state.drawn)
    context, page = open_page(browser, base, table, 1)
    drawn = set(table.match.state.dealt_stock[: table.match.state.drawn])
    for seat in (0, 2):
        row = f"#seats tr[data-seat='{seat}'] td:nth-child(2) [data-card]"
        held = {str(card) for card in drawn & set(table.match.state.hands[seat])}
        assert held
        assert cards_on(page, row) == held
    context.close()


def test_an_open_hand_played_out_counts_no_cards(browser: Any, server: tuple[Tables, str]) -> None:
    # Scoperta (§2.7): every hand is open; one played out is shown as 0 cards, not blank.
    tables, base = server
    table = tables.create(TableSettings("scoperta", seed=3))
    play_first_moves(table, lambda: bool(table.match.state.hands[1]))
    context, page = open_page(browser, base, table, 0)
    assert page.inner_text("#seats tr[data-seat='1'] td:nth-child(2)") == "0"
    context.close()


def test_a_hand_shown_twice_lists_each_card_once(browser: Any, server: tuple[Tables, str]) -> None:
    # §3.3 and §3.4: a seat may show its hand before the first trick and again once the
    # stock is empty; its partner sees the newest hand.
    options = {
        "share_hands_before_first_trick": "voluntary",
        "share_hands_when_stock_empty": "voluntary",
    }
    tables, base = server
    table = tables.create(TableSettings("classic-4", options, seed=21))
    while True:
        view = table.view_of(2)
        if [seat for seat, _ in view.shown].count(0) == 2:
            break
        seat = current_player(table.match)
        assert seat is not None
        moves = legal_moves(table.match)
        shows = [move for move in moves if isinstance(move, briscola.ShowHand)]
        table.apply(seat, (shows or moves)[0], ply=table.view_of(seat).ply)
    context, page = open_page(browser, base, table, 2)
    codes: list[str] = page.eval_on_selector_all(
        "#seats tr[data-seat='0'] [data-card]", "els => els.map(e => e.dataset.card)"
    )
    assert codes
    assert len(codes) == len(set(codes))
    assert set(codes) <= {str(card) for card in table.match.state.hands[0]}
    context.close()


def test_a_card_known_to_be_held_and_shown_is_listed_once(
    browser: Any, server: tuple[Tables, str]
) -> None:
    # §3.4: seat 3 holds KS, which everyone knows (it took the face-up card), and then shows
    # its hand once the stock is empty: its row names KS once, among its known cards.
    tables, base = server
    settings = TableSettings("classic-4", {"share_hands_when_stock_empty": "voluntary"}, seed=0)
    table = tables.create(settings)
    rng = random.Random(0)
    while table.view_of(1).ply < 32:
        seat = current_player(table.match)
        assert seat is not None
        moves = legal_moves(table.match)
        shows = [move for move in moves if isinstance(move, briscola.ShowHand)]
        table.apply(seat, shows[0] if shows else rng.choice(moves), ply=table.view_of(seat).ply)
    view = table.view_of(1)
    known = {str(card) for card in view.known_cards[3]}
    shown = {str(card) for seat, hand in view.shown if seat == 3 for card in hand}
    assert known & shown, "the deal no longer shows the case this test is about"
    context, page = open_page(browser, base, table, 1)
    codes: list[str] = page.eval_on_selector_all(
        "#seats tr[data-seat='3'] [data-card]", "els => els.map(e => e.dataset.card)"
    )
    assert sorted(codes) == sorted({str(card) for card in table.match.state.hands[3]})
    context.close()


def test_a_move_without_an_answer_says_it_is_waiting(
    browser: Any, server: tuple[Tables, str]
) -> None:
    context, pages = open_seats(browser, server, TableSettings("classic", seed=4))
    page = pages[0]
    page.wait_for_selector("body[data-turn=yours]", timeout=TIMEOUT)
    page.evaluate("WebSocket.prototype.send = function () {}")  # the move never leaves
    page.click("#hand [data-move]")
    page.wait_for_selector("#notice:not([hidden])", timeout=TIMEOUT)
    assert page.inner_text("#notice") == "Your move is sent: waiting for the table to answer…"
    context.close()


def test_six_at_chiamata_are_six_and_the_dealer_is_said_to_sit_out(
    browser: Any, server: tuple[Tables, str]
) -> None:
    # §2.5.1: with six players under "dealer_sits_out", the dealer takes no part in the deal.
    options = {"players": 6, "six_player_form": "dealer_sits_out"}
    tables, base = server
    table = tables.create(TableSettings("chiamata", options, seed=2))
    context, page = open_page(browser, base, table, None)
    assert page.inner_text("#title") == "Briscola chiamata, six players and a hidden partner"
    dealer = table.match.state.dealer
    row = page.inner_text(f"#seats tr[data-seat='{dealer}']")
    assert "dealer, sits out this deal" in row
    context.close()


@pytest.mark.parametrize(
    ("variant", "shown"),
    [("briscolone", "No trumps"), ("chiamata", "Not named yet")],  # §2.8; §2.5.4 before the call
)
def test_the_page_says_when_there_are_no_trumps_and_when_they_are_still_to_come(
    browser: Any, server: tuple[Tables, str], variant: str, shown: str
) -> None:
    tables, base = server
    table = tables.create(TableSettings(variant, seed=1))
    context, page = open_page(browser, base, table, None)
    assert page.inner_text("#trump") == shown
    context.close()


# --- what the page says about a deal, the seats and the match ------------------------------


def _seat_name(seat: int, me: int | None) -> str:
    return f"Seat {seat} (you)" if seat == me else f"Seat {seat}"


def _signed(delta: int) -> str:
    return f"+{delta}" if delta > 0 else str(delta)


def test_the_next_deal_of_a_match_says_how_the_last_one_ended(
    browser: Any, server: tuple[Tables, str]
) -> None:
    """Once the first of two deals is over the page opens it, counts it in the standing with
    its card and game points, names its record by its number, and the status line says who
    won it before whose turn it is in deal 2."""
    tables, base = server
    for seed in range(40):  # seat 1 wins the first deal: its points come first
        table = tables.create(TableSettings("classic", format="fixed_deals(2)", seed=seed))
        play_first_moves(table, lambda: table.deal_number == 0)  # noqa: B023 (called at once)
        if table.match.results[0].score.winners == frozenset({1}):
            break
    won = table.match.results[0].score.points[1]
    turn = "Your turn." if current_player(table.match) == 0 else "Seat 1 to act."
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
    page.wait_for_selector("body[data-deal='1']", timeout=TIMEOUT)
    assert page.inner_text("#status") == (
        f"The last deal is over: won by Seat 1 with {won} card points to {120 - won}. "
        f"{turn} Deal 2. Phase: play."
    )
    assert page.get_attribute("#previous", "open") is not None
    assert page.inner_text("#stock") == f"Stock: {table.view_of(0).stock_size} cards"
    assert page.inner_text("#match p") == f"Format {table.match.format}: 1 deal counted."
    result = table.match.results[0].score
    cells = page.eval_on_selector_all(
        "#match tbody tr", "rows => rows.map(r => r.cells[3].textContent)"
    )
    assert cells == [f"{result.points[s]} ({_signed(result.deltas[s])})" for s in (0, 1)]
    lines = page.eval_on_selector_all("#previous-body p", "ps => ps.map(p => p.textContent)")
    deltas = ", ".join(f"seat {s} {_signed(result.deltas[s])}" for s in (0, 1))
    assert f"Game points: {deltas}." in lines
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the record of deal 1").click()
    assert download.value.suggested_filename == f"briscola-{table.id}-deal-1.txt"
    context.close()


def test_a_deal_won_by_partners_names_both_and_the_last_trick_s_taker(
    browser: Any, server: tuple[Tables, str]
) -> None:
    tables, base = server
    for seed in range(40):  # seats 1 and 3 win: the losers' seat 0 reads the page
        table = tables.create(TableSettings("classic-4", seed=seed))
        play_first_moves(table, lambda: not table.over)  # noqa: B023 (called at once)
        final = score(table.match.state)
        if final.winners == frozenset({1, 3}):
            break
    won = final.points[1] + final.points[3]
    view = table.view_of(0)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
    page.wait_for_selector("body[data-over=true]", timeout=TIMEOUT)
    last = view.tricks[-1]
    seat, code = view.history[-1]
    played = page.evaluate("code => Cards.name(code)", str(code))
    assert page.inner_text("#status") == (
        f"{_seat_name(seat, 0)} played {played}. {_seat_name(last.winner, 0)} takes the trick. "
        f"The deal is over: won by Seat 1 and Seat 3 with {won} card points to {120 - won}. "
        "The match is over. Phase: over."
    )
    assert "Won by Seat 1 and Seat 3." in page.inner_text("#result")
    captions = page.eval_on_selector_all(
        "#last-trick figcaption", "cs => cs.map(c => c.textContent)"
    )
    assert captions == [
        _seat_name(s, 0) + (" takes" if s == last.winner else "") for s in last.seats
    ]
    taken = page.eval_on_selector_all("#tricks li", "items => items.map(i => i.textContent)")
    assert [text.split(" → ")[1] for text in taken] == [
        f"{_seat_name(trick.winner, 0)} takes it" for trick in view.tricks
    ]
    points = page.eval_on_selector_all(
        "#seats tbody tr", "rows => rows.map(r => r.cells[2].textContent)"
    )
    assert points == [str(p) for p in final.points]
    context.close()


def test_the_seats_table_notes_the_caller_the_partner_the_dealer_and_the_bots(
    browser: Any,
) -> None:
    """Chiamata (§2.5): every seat sees the caller and what it needs; the partner sees itself
    as the partner; a bot to act is said to be one, on its row and in the status line."""
    tables = Tables()
    context = browser.new_context()
    with live_server(tables, bot_delay=8.0) as base:
        table = tables.create(TableSettings("chiamata", seed=3, bots={0: "random"}))
        rng = random.Random(3)
        play_random_moves(table, rng, lambda: table.match.state.phase is not Phase.PLAY)
        view = table.view_of(2)
        assert (view.caller, view.partner, view.dealer, view.turn) == (1, 2, 4, 0)
        page = context.new_page()
        page.goto(f"{base}/t/{table.id}#{table.tokens[2]}")
        page.wait_for_selector("body[data-connected=true]", timeout=TIMEOUT)
        notes = page.eval_on_selector_all(
            "#seats tbody tr", "rows => rows.map(r => r.cells[3].textContent)"
        )
        assert notes == [
            "bot, to act",
            f"caller, needs {view.target}",
            "partner",
            "",
            "dealer",
        ]
        seat, notation = view.history[-1]
        named = page.evaluate("notation => Cards.moveLabel(notation)", str(notation))
        assert (
            page.inner_text("#status")
            == f"Seat {seat}: {named}. Seat 0 to act (bot). Phase: play."
        )
        context.close()


def test_the_status_names_a_phase_in_words_and_an_own_open_hand_is_counted(
    browser: Any, server: tuple[Tables, str]
) -> None:
    tables, base = server
    table = tables.create(TableSettings("chiamata-milan", seed=3))
    rng = random.Random(3)
    play_random_moves(table, rng, lambda: table.match.state.phase is not Phase.NAME_TRUMP)
    context, page = open_page(browser, base, table, None)
    assert page.inner_text("#status").endswith(" Phase: name trump.")
    assert page.locator("#hand-section").is_hidden()
    assert page.locator("#moves-section").is_hidden()
    # Scoperta (§2.7): the others' open hands are shown in their rows, one's own is counted
    # there (its cards are in the hand below).
    table = tables.create(TableSettings("scoperta", seed=3))
    page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
    page.wait_for_selector("body[data-seat='0']", timeout=TIMEOUT)
    own = "#seats tr[data-seat='0'] td:nth-child(2)"
    assert page.inner_text(own) == str(len(table.view_of(0).hand))
    assert not page.locator(f"{own} [data-card]").count()
    context.close()


def test_a_refusal_goes_at_the_next_move_and_an_answered_move_waits_for_nothing(
    browser: Any, server: tuple[Tables, str]
) -> None:
    tables, base = server
    table = tables.create(TableSettings("classic", seed=5))
    context = browser.new_context()
    first, second, other = context.new_page(), context.new_page(), context.new_page()
    for page, seat in ((first, 0), (second, 0), (other, 1)):
        page.goto(f"{base}/t/{table.id}#{table.tokens[seat]}")
        page.wait_for_selector("body[data-connected=true]", timeout=TIMEOUT)
    # Not its turn: seat 1 is told to wait, and its cards are not said to be barred.
    assert other.inner_text("#moves") == "Nothing to do: wait for your turn."
    labels = other.eval_on_selector_all(
        "#hand button.card", "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    cards = other.eval_on_selector_all("#hand button.card", "bs => bs.map(b => b.dataset.card)")
    assert labels == [other.evaluate("code => Cards.name(code)", code) for code in cards]
    stale = second.query_selector("#hand [data-move]")
    first.click("#hand [data-move]")
    second.wait_for_selector("body[data-ply='1']", state="attached", timeout=TIMEOUT)
    stale.evaluate("button => button.click()")
    second.wait_for_selector("#notice:not([hidden])", timeout=TIMEOUT)
    other.wait_for_selector("body[data-turn=yours]", timeout=TIMEOUT)
    other.click("#hand [data-move]")
    second.wait_for_selector("body[data-ply='2'][data-turn=yours]", timeout=TIMEOUT)
    second.click("#hand [data-move]")
    second.wait_for_selector("body[data-ply='3']", state="attached", timeout=TIMEOUT)
    # The answer came: neither the refusal nor "waiting for the table" is left on screen.
    second.wait_for_timeout(2500)
    assert second.locator("#notice").is_hidden()
    context.close()


def test_a_full_table_is_tried_again_and_a_wrong_link_is_not(
    browser: Any, server: tuple[Tables, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tables, base = server
    table = tables.create(TableSettings("classic", seed=5))
    context = browser.new_context()
    page = context.new_page()
    monkeypatch.setattr(web_app, "MAX_SPECTATORS", 0)
    page.goto(f"{base}/t/{table.id}")
    page.wait_for_selector("body[data-connected=false]", state="attached", timeout=TIMEOUT)
    assert page.inner_text("#status") == "Connection lost: reconnecting…"
    assert page.inner_text("#who") == "reconnecting…"
    monkeypatch.undo()  # room for a spectator: the page gets in on its own
    page.wait_for_selector("body[data-connected=true]", timeout=TIMEOUT)
    page.goto(f"{base}/t/{table.id}#not-a-seat")
    page.wait_for_selector("body[data-connected=false]", state="attached", timeout=TIMEOUT)
    assert page.inner_text("#status") == "Disconnected from the table."
    assert page.inner_text("#who") == "disconnected"
    context.close()


def test_number_keys_skip_modified_presses_and_work_from_the_french_toggle(
    browser: Any, server: tuple[Tables, str]
) -> None:
    tables, base = server
    table = tables.create(TableSettings("classic", seed=5))
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
    page.wait_for_selector("body[data-turn=yours]", timeout=TIMEOUT)
    page.keyboard.press("Control+1")  # a browser shortcut, not a move
    page.wait_for_timeout(300)
    assert not table.moves
    page.focus("#french")
    page.keyboard.press("1")
    wait_for_move(table, 0)
    context.close()


def test_cards_name_moves_in_either_deck(browser: Any, server: tuple[Tables, str]) -> None:
    tables, base = server
    table = tables.create(TableSettings("classic", seed=5))
    context, page = open_page(browser, base, table, None)
    italian = page.evaluate(
        """() => {
          Cards.setFrench(false);
          return [Cards.moveLabel("bid K"), Cards.moveLabel("declare lacks 3C"),
                  Cards.moveLabel("swap 7D"), Cards.moveLabel("call QS"),
                  Cards.moveLabel("signal TOKEN"), Cards.short("JB"), Cards.parts("ADX")];
        }"""
    )
    assert italian == [
        "Call Re",
        "Claim: I lack 3 Coppe",
        "Swap 7 Denari for the face-up card",
        "Call C Spade",
        "Signal: TOKEN",
        "F Bastoni",
        None,
    ]
    french = page.evaluate(
        """() => {
          Cards.setFrench(true);
          return [Cards.moveLabel("bid K"), Cards.moveLabel("suit D"),
                  Cards.moveLabel("signal KNIGHT"), Cards.short("QC"),
                  Cards.face("KS").querySelector(".word").textContent];
        }"""
    )
    assert french == ["Call King", "Trumps: ♦ Diamonds", "Signal: Queen of trumps", "Q♥", "King"]
    context.close()


def test_the_lobby_sends_only_the_rules_changed_and_lists_the_newest_table_first(
    browser: Any, server: tuple[Tables, str]
) -> None:
    _, base = server
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/")
    page.select_option("#variant", "chiamata")
    seats = "#bot-seats select"
    assert page.eval_on_selector_all(seats, "ss => ss.map(s => s.value)") == [""] + ["greedy"] * 4
    page.select_option("select[name=bot-1]", "random")
    page.select_option("#variant", "classic")
    page.select_option("#variant", "chiamata")  # another preset: the default seats again
    assert page.input_value("select[name=bot-1]") == "greedy"
    page.click("text=Table rules")
    page.fill("#opt-players", "9")  # no table has 9 seats: the seats stay as they are
    assert page.locator(seats).count() == 5
    page.fill("#opt-players", " 5 ")  # the default, written loosely: not a change
    page.check("#opt-public_claims")
    page.fill("#format", " ")
    with page.expect_request("**/api/tables") as request:
        page.click("#create")
    assert request.value.post_data_json == {
        "variant": "chiamata",
        "options": {"public_claims": "true"},
        "format": None,
        "bots": {"1": "greedy", "2": "greedy", "3": "greedy", "4": "greedy"},
    }
    page.wait_for_selector("#links:not([hidden])")
    page.select_option("#variant", "bugiarda")
    assert page.input_value("#opt-trump_suit") == "none"
    page.fill("#format", "best_of(x)")
    page.click("#create")
    page.wait_for_selector("#error:not([hidden])")
    page.fill("#format", "")
    page.click("#create")
    page.wait_for_selector("#link-list > li:nth-child(2)")
    assert page.locator("#error").is_hidden()
    tables = page.eval_on_selector_all(
        "#link-list > li", "items => items.map(i => i.firstChild.textContent)"
    )
    assert tables == ["bugiarda (the newest)", "chiamata"]
    context.close()


def test_claims_unfold_for_bugiarda_s_round_and_stay_unfolded_once_opened(
    browser: Any, server: tuple[Tables, str]
) -> None:
    """§2.6.1: Bugiarda's round of claims shows them unfolded; elsewhere claims the player
    unfolded stay so when the table is drawn again."""
    tables, base = server
    table = tables.create(TableSettings("bugiarda", {"public_claims": True}, seed=1))
    seat = current_player(table.match)
    assert seat is not None
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/t/{table.id}#{table.tokens[seat]}")
    page.wait_for_selector("body[data-phase=declarations][data-turn=yours]", timeout=TIMEOUT)
    assert page.get_attribute("#claims", "open") is not None
    options = {"public_claims": True}
    table = tables.create(TableSettings("classic-4", options, seed=1))
    page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
    page.wait_for_selector("body[data-seat='0'][data-turn=yours]", timeout=TIMEOUT)
    assert page.get_attribute("#claims", "open") is None
    page.click("#claims summary")
    page.wait_for_selector("#claims [data-key]", state="attached", timeout=TIMEOUT)
    page.check("#french")  # the table is drawn again in the other deck
    assert page.get_attribute("#claims", "open") is not None
    context.close()


def test_a_caller_who_called_its_own_card_is_said_to_play_alone(
    browser: Any, server: tuple[Tables, str]
) -> None:
    """§2.5.4: a caller who names a card of its own hand plays alone, and the result says so."""
    tables, base = server
    table = tables.create(TableSettings("chiamata", seed=4))
    rng = random.Random(4)
    play_random_moves(table, rng, lambda: not table.over)
    final = score(table.match.state)
    assert final.solo
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/t/{table.id}#{table.tokens[0]}")
    page.wait_for_selector("body[data-over=true]", timeout=TIMEOUT)
    assert f"Seat {final.caller} called for {final.target}, alone." in page.inner_text("#result")
    context.close()


# The page's account of a deal, read in one go: each seat's row, the hand, the moves offered
# (claims folded away included), the piles, the last deal's result and the visible text.
_READ_PAGE = """() => {
  const now = (e) => !e.closest('#previous');
  const codes = (sel) => [...document.querySelectorAll(sel)].filter(now).map(e => e.dataset.card);
  const pile = (id) => [...document.querySelectorAll(`#${id} figure`)].map(
    f => [f.querySelector('[data-card]').dataset.card, f.querySelector('figcaption').textContent]);
  const previous = document.getElementById('previous');
  return {
    rows: [...document.querySelectorAll('#seats tbody tr')].map(tr => ({
      seat: Number(tr.dataset.seat),
      count: tr.cells[1].textContent.split(' ')[0],
      cards: [...tr.querySelectorAll('[data-card]')].map(e => e.dataset.card),
      points: tr.cells[2].textContent,
    })),
    hand: codes('#hand [data-card]'),
    moves: [...document.querySelectorAll('#hand [data-move], #moves [data-move]')]
      .filter(b => !b.disabled).map(b => b.dataset.move),
    all: codes('[data-card]'),
    trump: codes('#trump [data-card]'),
    stock: document.getElementById('stock').textContent,
    trick: pile('trick'),
    last: pile('last-trick'),
    standing: [...document.querySelectorAll('#match table.standing tbody tr')]
      .map(tr => [tr.cells[1].textContent, tr.cells[2].textContent]),
    previous: previous.hidden ? null : previous.textContent,
    text: document.body.innerText,
  };
}"""

# Presets and table rules that change the page most: shown hands and signals among
# partners (§3.3, §3.4, §3.5), swaps (§3.1, §3.2), open hands and an open stock (§2.7),
# the removed 2 and public claims (§2.2), an auction with a called card and trumps named
# in secret (§2.5), Bugiarda with the trump card dealt last and claims beside signals
# (§2.6, §3.5), and a match (§3.7).
PAGE_CASES: list[tuple[str, dict[str, object], str | None]] = [
    (
        "classic-4",
        {
            "share_hands_before_first_trick": "voluntary",
            "share_hands_when_stock_empty": "automatic",
            "seven_swap": True,
            "signals": True,
        },
        None,
    ),
    ("scoperta", {"open_stock": True, "two_swap": True}, "fixed_deals(2)"),
    ("classic-3", {"public_claims": True}, None),
    ("chiamata", {"first_trick_blind": "committed"}, None),
    ("bugiarda", {"trump_source": "last_dealt", "signals": True, "public_claims": True}, None),
    ("briscolone", {}, None),
]


@pytest.mark.parametrize(
    ("variant", "options", "format"), PAGE_CASES, ids=[case[0] for case in PAGE_CASES]
)
def test_every_page_shows_its_view_and_no_hidden_card(
    browser: Any,
    server: tuple[Tables, str],
    variant: str,
    options: dict[str, object],
    format: str | None,
) -> None:
    """At the start of each deal, mid-trick, after a trick, in every other phase, once the
    stock is empty and at the end of the match, the page of the seat to act and a
    spectator's page show what the seat's view holds and no card hidden from it (§1.10)."""
    tables, base = server
    table = tables.create(TableSettings(variant, options, format, seed=3))
    rng = random.Random(3)
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    looks = 0

    def console(message: Any) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", console)

    def look() -> None:
        nonlocal looks
        # The seat to act, the seat that moved last (its shown hand less the card just
        # played) and a spectator.
        history = table.view_of(None).history
        viewers = {current_player(table.match) or 0, history[-1][0] if history else 1}
        for seat in [*viewers, None]:
            looks += 1
            _page_matches_view(page, f"{base}/t/{table.id}?{looks}", table, seat)
        assert not errors

    look()
    seen: set[str] = set()
    while not table.over:
        seat = current_player(table.match)
        assert seat is not None
        stock = table.view_of(None).stock_size
        table.apply(seat, rng.choice(legal_moves(table.match)), ply=table.view_of(seat).ply)
        moment = _moment(table.view_of(None), stock)
        if moment not in seen or moment == "a new deal":
            seen.add(moment)
            look()
    look()
    assert {"mid-trick", "after a trick"} <= seen
    context.close()


def _moment(view: briscola.View, stock_before: int) -> str:
    """The point of the deal that the last move led to."""
    if not view.history:
        return "a new deal"
    if view.trick:
        return "mid-trick"
    if stock_before and not view.stock_size:
        return "the stock is empty"
    return "after a trick" if view.tricks else str(view.phase.value)


def _page_matches_view(page: Any, url: str, table: Table, seat: int | None) -> None:
    view = table.view_of(seat)
    state = table.match.state
    page.goto(url if seat is None else f"{url}#{table.tokens[seat]}")
    page.wait_for_selector(
        f'body[data-connected=true][data-ply="{view.ply}"][data-deal="{table.deal_number}"]',
        state="attached",
        timeout=TIMEOUT,
    )
    shown = page.evaluate(_READ_PAGE)

    def codes(cards: Any) -> list[str]:
        return [str(card) for card in cards]

    def name(s: int) -> str:
        return f"Seat {s} (you)" if s == seat else f"Seat {s}"

    # No card hidden from the viewer anywhere, and each row lists each card once, held by
    # its seat and known to the viewer: an open hand, a known card or a shown hand.
    assert not set(shown["all"]) & hidden_from(table, seat)
    showed: dict[int, set[str]] = {}
    for sender, cards in view.shown:
        showed.setdefault(sender, set()).update(codes(cards))
    for row in shown["rows"]:
        s = row["seat"]
        listed = set(row["cards"])
        assert len(row["cards"]) == len(listed)
        assert listed <= set(codes(state.hands[s]))
        known = set(codes(view.hands[s] or ())) | set(codes(view.known_cards[s]))
        assert known - set(codes(view.hand)) <= listed <= known | showed.get(s, set())
        if s == seat or not view.hands[s]:
            assert row["count"] == str(view.hand_sizes[s])
        assert row["points"] == str(view.score.points[s])
    # The own hand, and the moves offered: the view's legal moves, the plays in the hand's
    # order, then the other moves in the view's order with the claims last; none off turn.
    assert shown["hand"] == codes(view.hand)
    legal = codes(view.legal_moves)
    plays = [card for card in codes(view.hand) if card in legal]
    claims = [move for move in legal if move.startswith("declare ")]
    others = [move for move in legal if move not in plays and move not in claims]
    assert shown["moves"] == plays + others + claims
    assert view.turn == seat or not shown["moves"]
    # Trumps (and the called card), the stock, the trick, the last trick, the standing.
    called = [view.called_card] if view.called_card else []
    assert shown["trump"] == codes([view.trump_card] if view.trump_card else []) + codes(called)
    size = view.stock_size
    assert shown["stock"] == (f"Stock: {size} cards" if size else "Stock: empty")
    trick = zip(view.trick, view.trick_seats, strict=True)
    assert shown["trick"] == [[str(card), name(s)] for card, s in trick]
    if view.tricks:
        last = view.tricks[-1]
        assert shown["last"] == [
            [str(card), name(s) + (" takes" if s == last.winner else "")]
            for card, s in zip(last.cards, last.seats, strict=True)
        ]
    else:
        assert not shown["last"]
    standing = score(table.match)
    if table.settings.format is not None:
        totals = zip(standing.totals, standing.deals_won, strict=True)
        assert shown["standing"] == [[str(total), str(won)] for total, won in totals]
    finished = [final for final in table.finished if final is not None]
    if finished and not table.over:
        points = score(finished[-1]).points
        assert ", ".join(f"seat {s} {p}" for s, p in enumerate(points)) in shown["previous"]
    else:
        assert shown["previous"] is None
    assert not re.search(r"\bundefined\b|\bNaN\b|\bnull\b|\[object Object\]", shown["text"])

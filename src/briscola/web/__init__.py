"""A table in the browser: ``briscola serve``, built on the public API only.

`tables` holds the game side (a match, its seats' tokens, bots and saving) and needs nothing
beyond ``briscola``; `app` is the Starlette application (lobby, table page, WebSocket) and
`server` runs it with uvicorn. The web parts need the ``web`` extra::

    pip install 'briscola[web]'

The page itself (``static/``) is plain HTML, CSS and JavaScript, with no build step and
nothing fetched from elsewhere at run time.
"""

from .tables import BOT_KINDS, Player, Table, Tables, TableSettings, make_bot, parse_bots

__all__ = ["BOT_KINDS", "Player", "Table", "TableSettings", "Tables", "make_bot", "parse_bots"]

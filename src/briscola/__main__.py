"""``python -m briscola``: the same as the ``briscola`` command."""

import sys

from .cli import main

sys.exit(main())

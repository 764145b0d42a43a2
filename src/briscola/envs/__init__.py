"""Learning environments over `briscola`, one module per framework (optional extras).

* `briscola.envs.pettingzoo`: a PettingZoo AEC environment, every seat an agent
  (``pip install 'briscola[pettingzoo]'``).
* `briscola.envs.gymnasium`: a Gymnasium environment with one learning seat against
  players (``pip install 'briscola[gymnasium]'``).
* `briscola.envs.openspiel`: the OpenSpiel game ``"briscola"``
  (``pip install 'briscola[openspiel]'``).

They share the action indices and observation vectors of `briscola.encoding`.
"""

__all__: list[str] = []

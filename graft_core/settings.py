"""Client settings: the data directory, the servers, the token and retention, in one object.

One precedence rule, for every setting and every entry point (``Client``, ``LiteClient``, the
``graft`` command, the pipeline): the first of

1. an explicit argument (a keyword argument, a command-line option);
2. its environment variable (``GRAFT_DIR``, ``GRAFT_METASTORE``, ``GRAFT_PAGESTORE``,
   ``GRAFT_REMOTE``, ``GRAFT_TOKEN``, ``GRAFT_KEEP_COMMITS``; an empty variable counts as unset);
3. the config file, a TOML file of top-level keys ``data_dir``, ``metastore``, ``pagestore``,
   ``remote``, ``token``, ``keep_commits``;
4. the default (``$XDG_DATA_HOME/graft`` or ``~/.local/share/graft``, no servers, no token, 64).

The config file is the one named by ``config=`` (``--config PATH``), else by ``$GRAFT_CONFIG``;
such a file must exist. Otherwise it is ``graft.toml`` in the data directory, if there is one.
That file can only be found once the data directory is known (argument, ``GRAFT_DIR``, a named
file's ``data_dir``, default), so a ``data_dir`` key in it is refused, as are unknown keys,
values of the wrong type and bad URLs: ``InvalidInputError`` naming the file and the key.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graft_core.errors import InvalidInputError
from graft_core.urls import check_server_url

__all__ = ["CONFIG_ENV", "CONFIG_NAME", "DEFAULT_KEEP_COMMITS", "ENV_VARS", "Settings"]

DEFAULT_KEEP_COMMITS = 64
CONFIG_NAME = "graft.toml"
CONFIG_ENV = "GRAFT_CONFIG"
ENV_VARS = {
    "data_dir": "GRAFT_DIR",
    "metastore": "GRAFT_METASTORE",
    "pagestore": "GRAFT_PAGESTORE",
    "remote": "GRAFT_REMOTE",
    "token": "GRAFT_TOKEN",
    "keep_commits": "GRAFT_KEEP_COMMITS",
}
_TYPES: dict[str, type] = {
    "data_dir": str,
    "metastore": str,
    "pagestore": str,
    "remote": str,
    "token": str,
    "keep_commits": int,
}
_SERVICES = ("metastore", "pagestore")


def _default_data_dir(env: Mapping[str, str]) -> Path:
    xdg = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "graft"


def _keep_commits(value: object, origin: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidInputError(f"{origin} must be an integer >= 1, got {value!r}")
    return value


def _check(key: str, value: Any, origin: str | None = None) -> Any:
    """``value`` of setting ``key`` if valid; ``origin`` names where it came from, if not from
    the caller."""
    if key == "keep_commits":
        return _keep_commits(value, origin or key)
    if key == "remote":
        # Imported here: the object store code (obstore) loads only for a client that has a
        # remote, not at every start of a client of servers.
        from graft_core.objstore import check_remote_url

        return check_remote_url(value, origin or key)
    if key in _SERVICES:
        try:
            return check_server_url(value, key)
        except InvalidInputError as exc:
            raise InvalidInputError(f"{origin}: {exc}" if origin else str(exc)) from None
    return value


def _load(path: Path, *, named: bool) -> dict[str, Any]:
    """The checked settings of the file at ``path``; {} if the data directory has none."""
    try:
        with path.open("rb") as file:
            table = tomllib.load(file)
    except (FileNotFoundError, NotADirectoryError):
        if named:
            raise InvalidInputError(f"config file {path} does not exist") from None
        return {}
    except OSError as exc:
        raise InvalidInputError(f"config file {path}: cannot read it: {exc.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InvalidInputError(f"config file {path}: not valid TOML: {exc}") from None
    for key, value in table.items():
        origin = f"config file {path}: key {key!r}"
        if key not in _TYPES:
            meant = difflib.get_close_matches(key.lower(), _TYPES, n=1)
            known = f"did you mean {meant[0]!r}?" if meant else f"known keys: {', '.join(_TYPES)}"
            raise InvalidInputError(f"{origin} is unknown ({known})")
        if key == "data_dir" and not named:
            raise InvalidInputError(
                f"{origin} cannot move the data directory it is in "
                f"(set it with --data-dir, {ENV_VARS['data_dir']} or a --config file)"
            )
        wanted = _TYPES[key]
        if isinstance(value, bool) or not isinstance(value, wanted):
            kind = "an integer" if wanted is int else "a string"
            raise InvalidInputError(f"{origin} must be {kind}, got {value!r}")
        table[key] = _check(key, value, origin)
    if "data_dir" in table:
        table["data_dir"] = path.parent / Path(table["data_dir"]).expanduser()  # relative to it
    return table


@dataclass(frozen=True)
class Settings:
    """Resolved client settings (``Settings.resolve``); ``config_file`` is the file read, if any."""

    data_dir: Path
    metastore: str | None = None
    pagestore: str | None = None
    token: str | None = None
    keep_commits: int = DEFAULT_KEEP_COMMITS
    # An object store URL: sync straight with it, no servers (direct mode, DESIGN 14).
    remote: str | None = None
    config_file: Path | None = None

    @classmethod
    def resolve(
        cls,
        *,
        data_dir: str | os.PathLike[str] | None = None,
        metastore: str | None = None,
        pagestore: str | None = None,
        token: str | None = None,
        keep_commits: int | None = None,
        config: str | os.PathLike[str] | None = None,
        remote: str | None = None,
        found: Mapping[str, str] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> Settings:
        """Each setting from the first of: argument, environment, config file, ``found`` (what a
        caller discovered, such as a server's ``servers.json``), default."""
        env = os.environ if env is None else env
        named = config if config is not None else env.get(CONFIG_ENV) or None
        path = None if named is None else Path(named)
        file = {} if path is None else _load(path, named=True)
        home = Path(
            data_dir
            or env.get(ENV_VARS["data_dir"])
            or file.get("data_dir")
            or _default_data_dir(env)
        ).expanduser()  # a "~" the shell did not expand is not a directory named "~"
        if path is None:
            file = _load(home / CONFIG_NAME, named=False)
            path = home / CONFIG_NAME if file else None
        explicit = {
            "metastore": metastore,
            "pagestore": pagestore,
            "token": token,
            "keep_commits": keep_commits,
            "remote": remote,
        }
        values = {key: _pick(key, given, env, file, found or {}) for key, given in explicit.items()}
        from_env = {key: env.get(variable) for key, variable in ENV_VARS.items()}
        _one_remote(values, [explicit, from_env, file, found or {}])
        return cls(
            data_dir=home,
            metastore=values["metastore"],
            pagestore=values["pagestore"],
            token=values["token"],
            keep_commits=DEFAULT_KEEP_COMMITS
            if values["keep_commits"] is None
            else values["keep_commits"],
            config_file=path,
            remote=values["remote"],
        )


def _one_remote(values: dict[str, Any], sources: list[Mapping[str, Any]]) -> None:
    """Keep either the remote or the servers in ``values``: whichever the first source
    (argument, environment, file, found) that names either of them names. Both in one source
    is ``InvalidInputError``: a client syncs straight with a store or through servers."""
    for source in sources:
        remote = bool(source.get("remote"))
        servers = bool(source.get("metastore") or source.get("pagestore"))
        if remote and servers:
            raise InvalidInputError(
                f"remote {values['remote']!r} and servers are both set: a client syncs either "
                "straight with an object store or through servers"
            )
        if remote or servers:
            drop = ("metastore", "pagestore") if remote else ("remote",)
            values.update(dict.fromkeys(drop))
            return


def _pick(
    key: str, given: Any, env: Mapping[str, str], file: Mapping[str, Any], found: Mapping[str, str]
) -> Any:
    """Setting ``key`` from the first source that has it, checked (a file's values already are)."""
    if given is not None and given != "":
        return _check(key, given)
    variable = ENV_VARS[key]
    raw = env.get(variable)
    if raw:
        if key != "keep_commits":
            return _check(key, raw, variable)
        try:
            number = int(raw)
        except ValueError:
            raise InvalidInputError(f"{variable} must be an integer, got {raw!r}") from None
        return _keep_commits(number, variable)
    if file.get(key, "") != "":
        return file[key]
    value = found.get(key)
    return None if value is None else _check(key, value, key)

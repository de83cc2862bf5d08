"""One settings object and one precedence rule: argument > environment > config file > default,
for the library (Client, LiteClient), the pipeline's Location and the graft command."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client import Client, LiteClient
from graft_core.datadir import SERVERS_FILE
from graft_core.errors import InvalidInputError
from graft_core.settings import DEFAULT_KEEP_COMMITS, Settings
from graft_pipeline.location import Location
from tests.cli.runner import GRAFT, clean_env, graft, stderr_lines
from tests.pagestore.cluster import Cluster, running_cluster
from tests.sync.support import page

META = "http://127.0.0.1:3001"
PAGES = "http://127.0.0.1:3000"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("settings")) as cluster:
        yield cluster


def write_toml(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_each_setting_takes_argument_then_environment_then_file_then_default(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    write_toml(
        home / "graft.toml",
        'metastore = "http://file:1"\npagestore = "http://file:2"\ntoken = "file"\n'
        "keep_commits = 3\n",
    )
    env = {
        "GRAFT_METASTORE": "http://env:1",
        "GRAFT_PAGESTORE": "http://env:2",
        "GRAFT_TOKEN": "env",
        "GRAFT_KEEP_COMMITS": "5",
    }
    explicit = Settings.resolve(
        data_dir=home,
        metastore="http://arg:1",
        pagestore="http://arg:2",
        token="arg",
        keep_commits=7,
        env=env,
    )
    assert (explicit.metastore, explicit.pagestore, explicit.token, explicit.keep_commits) == (
        "http://arg:1",
        "http://arg:2",
        "arg",
        7,
    )
    from_env = Settings.resolve(data_dir=home, env=env)
    assert (from_env.metastore, from_env.pagestore, from_env.token, from_env.keep_commits) == (
        "http://env:1",
        "http://env:2",
        "env",
        5,
    )
    from_file = Settings.resolve(data_dir=home, env={"GRAFT_TOKEN": ""})  # empty: unset
    assert (from_file.metastore, from_file.token, from_file.keep_commits) == (
        "http://file:1",
        "file",
        3,
    )
    assert from_file.config_file == home / "graft.toml"
    default = Settings.resolve(data_dir=tmp_path / "bare", env={})
    assert (default.metastore, default.pagestore, default.token) == (None, None, None)
    assert default.keep_commits == DEFAULT_KEEP_COMMITS and default.config_file is None


def test_data_dir_takes_argument_then_environment_then_named_file_then_default(
    tmp_path: Path,
) -> None:
    named = write_toml(tmp_path / "conf" / "mine.toml", 'data_dir = "../from-file"\n')
    env = {"GRAFT_DIR": str(tmp_path / "from-env"), "XDG_DATA_HOME": str(tmp_path / "xdg")}
    assert Settings.resolve(data_dir=tmp_path / "arg", config=named, env=env).data_dir == (
        tmp_path / "arg"
    )
    assert Settings.resolve(config=named, env=env).data_dir == tmp_path / "from-env"
    # Relative to the file that says it; GRAFT_CONFIG names a file as --config does.
    xdg_only = {"XDG_DATA_HOME": str(tmp_path / "xdg")}
    assert Settings.resolve(config=named, env=xdg_only).data_dir.resolve() == (
        tmp_path / "from-file"
    )
    by_env = Settings.resolve(env={**xdg_only, "GRAFT_CONFIG": str(named)})
    assert by_env.data_dir.resolve() == tmp_path / "from-file" and by_env.config_file == named
    assert Settings.resolve(env=xdg_only).data_dir == tmp_path / "xdg" / "graft"


def test_a_named_file_replaces_the_data_dirs_own(tmp_path: Path) -> None:
    home = tmp_path / "home"
    write_toml(home / "graft.toml", "keep_commits = 3\n")
    named = write_toml(tmp_path / "other.toml", "keep_commits = 9\n")
    assert Settings.resolve(data_dir=home, config=named, env={}).keep_commits == 9


BAD_FILES = {
    "unknown key": ('metastor = "http://127.0.0.1:3001"\n', "'metastor'"),
    "wrong type": ('keep_commits = "64"\n', "'keep_commits'"),
    "bool for int": ("keep_commits = true\n", "'keep_commits'"),
    "out of range": ("keep_commits = 0\n", "'keep_commits'"),
    "bad url": ('pagestore = "127.0.0.1:3000"\n', "'pagestore'"),
    "number for url": ("metastore = 3001\n", "'metastore'"),
    "a table": ("[metastore]\nurl = 1\n", "'metastore'"),
    "not toml": ("metastore = http://x\n", "not valid TOML"),
    "moves its own dir": ('data_dir = "/elsewhere"\n', "'data_dir'"),
}


@pytest.mark.parametrize(("text", "named"), BAD_FILES.values(), ids=list(BAD_FILES))
def test_a_bad_config_file_is_one_clear_error(tmp_path: Path, text: str, named: str) -> None:
    path = write_toml(tmp_path / "data" / "graft.toml", text)
    with pytest.raises(InvalidInputError) as raised:
        Client(tmp_path / "data", metastore=META, pagestore=PAGES)
    message = str(raised.value)
    assert str(path) in message and named in message and "\n" not in message
    assert not (tmp_path / "data" / "local").exists()  # refused before anything is stored


def test_bad_environment_values_name_the_variable(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="GRAFT_KEEP_COMMITS"):
        Settings.resolve(data_dir=tmp_path, env={"GRAFT_KEEP_COMMITS": "many"})
    with pytest.raises(InvalidInputError, match="GRAFT_KEEP_COMMITS"):
        Settings.resolve(data_dir=tmp_path, env={"GRAFT_KEEP_COMMITS": "0"})
    with pytest.raises(InvalidInputError, match="GRAFT_PAGESTORE: pagestore URL 'x:1'"):
        Settings.resolve(data_dir=tmp_path, env={"GRAFT_PAGESTORE": "x:1"})


def test_a_missing_named_file_is_an_error_a_missing_graft_toml_is_not(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match=r"missing\.toml does not exist"):
        Settings.resolve(data_dir=tmp_path, config=tmp_path / "missing.toml", env={})
    with pytest.raises(InvalidInputError, match=r"gone\.toml does not exist"):
        Settings.resolve(data_dir=tmp_path, env={"GRAFT_CONFIG": str(tmp_path / "gone.toml")})
    assert Settings.resolve(data_dir=tmp_path / "new", env={}).config_file is None


def test_client_and_lite_client_take_servers_and_retention_from_graft_toml(
    tmp_path: Path, servers: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("GRAFT_METASTORE", "GRAFT_PAGESTORE", "GRAFT_TOKEN", "GRAFT_KEEP_COMMITS"):
        monkeypatch.delenv(name, raising=False)
    data = tmp_path / "device"
    write_toml(
        data / "graft.toml",
        f'metastore = "{servers.metastore.url}"\npagestore = "{servers.pagestore.url}"\n'
        "keep_commits = 2\n",
    )
    with Client(data) as client:
        assert client.keep_commits == 2
        volume = client.create_volume()
        for lsn in range(1, 4):
            with volume.writer() as writer:
                writer.write(1, page(f"v{lsn}"))
        assert volume.push() == 1
        client.compact()
        assert [entry.lsn for entry in volume.log()] == [2, 3]  # keep_commits = 2 applied
        vid = volume.vid
    monkeypatch.setenv("GRAFT_DIR", str(data))  # the lite client finds the file through it
    with LiteClient() as lite:
        assert lite.read(vid, 1) == page("v3")
    with LiteClient(data_dir=data) as lite:
        assert lite.snapshot(vid).lsn == 1
    remote = graft("read", str(vid), "1", "--remote", data_dir=data)  # graft's lite client
    assert remote.returncode == 0 and remote.stdout == page("v3"), remote.stderr


def test_pipeline_location_reads_graft_toml_above_servers_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("GRAFT_METASTORE", "GRAFT_PAGESTORE", "GRAFT_TOKEN", "GRAFT_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    served = tmp_path / "served"
    announced = {"pid": os.getpid(), "metastore": META, "pagestore": PAGES, "store": "segs"}
    write_toml(served / SERVERS_FILE, json.dumps(announced))
    write_toml(served / "graft.toml", 'metastore = "http://127.0.0.1:4001"\ntoken = "t"\n')
    found = Location.resolve(metastore=None, store=None, data_dir=served)
    assert (found.metastore, found.pagestore, found.token, found.store) == (
        "http://127.0.0.1:4001",  # the file beats servers.json
        PAGES,  # servers.json fills in what the file does not say
        "t",
        "segs",
    )
    monkeypatch.setenv("GRAFT_METASTORE", "http://127.0.0.1:5001")
    assert Location.resolve(metastore=None, store=None, data_dir=served).metastore == (
        "http://127.0.0.1:5001"
    )
    given = Location.resolve(metastore="http://127.0.0.1:6001", store=None, data_dir=served)
    assert given.metastore == "http://127.0.0.1:6001"
    named = write_toml(tmp_path / "jobs.toml", 'metastore = "http://127.0.0.1:7001"\n')
    monkeypatch.delenv("GRAFT_METASTORE")
    chosen = Location.resolve(metastore=None, store="segs", data_dir=None, config=named)
    assert (chosen.metastore, chosen.pagestore) == ("http://127.0.0.1:7001", None)  # --config
    write_toml(served / "graft.toml", 'token = ["t"]\n')
    with pytest.raises(InvalidInputError, match="'token' must be a string"):
        Location.resolve(metastore=None, store=None, data_dir=served)


def test_a_data_dir_starting_with_a_tilde_is_in_the_home_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As in a config file: an unexpanded ``~`` (a quoted shell word, a systemd unit, a .env
    file) must not make a directory named ``~`` wherever the command runs."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    from_env = Settings.resolve(env={"GRAFT_DIR": "~/graft"})
    assert from_env.data_dir == tmp_path / "home" / "graft"
    assert Settings.resolve(data_dir="~/given", env={}).data_dir == tmp_path / "home" / "given"
    work = tmp_path / "work"
    work.mkdir()
    env = clean_env(GRAFT_DIR="~/cli", HOME=str(tmp_path / "home"))
    done = subprocess.run(
        [str(GRAFT), "volume", "create"], cwd=work, env=env, capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert list(work.iterdir()) == []
    assert (tmp_path / "home" / "cli").is_dir()


def test_cli_missing_config_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = graft("--config", tmp_path / "missing.toml", "status", data_dir=tmp_path / "d")
    assert done.returncode == 2, done.stderr
    assert stderr_lines(done) == [f"error: config file {tmp_path / 'missing.toml'} does not exist"]
    bad = write_toml(tmp_path / "bad.toml", "colour = 1\n")
    done = graft("--config", bad, "token", "new-key", data_dir=None)
    assert done.returncode == 2 and len(stderr_lines(done)) == 1, done.stderr
    assert "'colour' is unknown (known keys: data_dir, metastore" in stderr_lines(done)[0]
    for key, meant in (("metastor", "metastore"), ("PAGESTORE", "pagestore")):
        typo = write_toml(tmp_path / "typo.toml", f'{key} = "http://127.0.0.1:9"\n')
        done = graft("--config", typo, "status", data_dir=tmp_path / "d")
        assert done.returncode == 2, done.stderr
        assert stderr_lines(done) == [
            f"error: config file {typo}: key {key!r} is unknown (did you mean {meant!r}?)"
        ]


def test_cli_takes_the_data_dirs_graft_toml_and_its_flags_win(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_toml(data / "graft.toml", 'metastore = "nope:1"\n')
    done = graft("volume", "list", data_dir=data)
    assert done.returncode == 2 and len(stderr_lines(done)) == 1, done.stderr
    assert "'metastore'" in stderr_lines(done)[0]
    write_toml(data / "graft.toml", "keep_commits = 1\n")
    env = clean_env(GRAFT_KEEP_COMMITS="64")  # the environment beats the file
    made = graft("volume", "create", "--sync", "disabled", data_dir=data, env=env)
    vid = made.stdout.decode().strip()
    for fill in ("1", "2", "3"):
        assert graft("write", vid, "1", "--fill", fill, data_dir=data, env=env).returncode == 0
    kept = graft("compact", data_dir=data, env=env).stdout
    assert kept.startswith(b"reclaimed old versions of 0")
    reclaimed = graft("compact", data_dir=data).stdout.decode().strip()
    assert reclaimed == "reclaimed old versions of 1 page and 2 commit records"


def test_a_named_files_data_dir_may_start_with_a_tilde(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    named = write_toml(tmp_path / "conf.toml", 'data_dir = "~/graft-data"\ntoken = ""\n')
    found = Settings.resolve(config=named, env={})
    assert found.data_dir == tmp_path / "home" / "graft-data"
    assert found.token is None  # an empty token is no token

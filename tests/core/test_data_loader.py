"""The data files read the same with libyaml's loader as with PyYAML's Python loader."""

from __future__ import annotations

from pathlib import Path

import yaml

import tabletop
from tabletop.core.data import SAFE_LOADER, load_mapping


def test_every_shipped_yaml_file_loads_identically_with_both_loaders() -> None:
    files = sorted(Path(tabletop.__file__).parent.rglob("*.yaml"))
    assert len(files) >= 10
    for f in files:
        assert load_mapping(f) == yaml.load(f.read_text(encoding="utf-8"), Loader=yaml.SafeLoader), f


def test_the_safe_loader_refuses_python_objects(tmp_path: Path) -> None:
    """A data override file cannot construct Python objects, whichever loader is used."""
    bad = tmp_path / "override.yaml"
    bad.write_text("x: !!python/object/apply:os.system ['true']\n", encoding="utf-8")
    assert SAFE_LOADER in (getattr(yaml, "CSafeLoader", None), yaml.SafeLoader)
    try:
        load_mapping(bad)
    except Exception as exc:  # DataError wrapping the YAML error
        assert "not valid YAML" in str(exc)
    else:
        raise AssertionError("a python/object tag was accepted")

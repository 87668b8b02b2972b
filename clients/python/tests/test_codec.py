"""The wire envelope and the formats, without a server: every format with every compression both ways, and the errors."""
import importlib
import struct

import pytest

import graphperf_client as gc
from graphperf_client import COMPRESSIONS, FORMATS, GatewayError, decode, encode

MESSAGE = {"id": 7, "kind": "cypher", "statement": "RETURN $v AS v",
           "params": {"v": [1, -(2 ** 40), 2.5, None, True, "text é", {"deep": [[1]]}]}}
NEEDS = {"bson": "bson", "msgpack": "msgpack", "zstd": "zstandard", "lz4": "lz4"}


def available(feature):
    try:
        importlib.import_module(NEEDS[feature])
        return True
    except ImportError:
        return False


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("compression", list(COMPRESSIONS))
def test_every_format_with_every_compression_round_trips(fmt, compression):
    for feature in (fmt, compression):
        if feature in NEEDS and not available(feature):
            pytest.skip(f"{feature} not installed (pip install 'graphperf-client[all]')")
    data = encode(MESSAGE, fmt, compression)
    assert data[0] == COMPRESSIONS[compression], "the envelope's first byte names the compression"
    if compression != "none":
        (length,) = struct.unpack(">i", data[1:5])
        assert length == len(encode(MESSAGE, fmt, "none")) - 1, "a compressed envelope declares the payload's uncompressed length"
    assert decode(data, fmt) == MESSAGE


def test_bson_sends_every_integer_as_64_bits():
    pytest.importorskip("bson")
    import bson

    raw = bson.decode(encode({"n": 1, "flag": True}, "bson")[1:])
    assert type(raw["n"]).__name__ == "Int64" and raw["flag"] is True
    assert type(decode(encode({"n": 1}, "bson"), "bson")["n"]) is int, "read back as a plain int"


def test_unknown_format_compression_or_envelope_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        encode(MESSAGE, "xml")
    with pytest.raises(ValueError, match="unknown compression 'gzip'"):
        encode(MESSAGE, "json", "gzip")
    with pytest.raises(GatewayError, match="unknown compression code 9"):
        decode(b"\x09\x00\x00\x00\x01x", "json")
    good = encode(MESSAGE, "json", "deflate-fast")
    lying = good[:1] + struct.pack(">i", 3) + good[5:]
    with pytest.raises(GatewayError, match="declared 3 bytes"):
        decode(lying, "json")


def test_a_missing_extra_names_what_to_install(monkeypatch):
    real = importlib.import_module

    def without_msgpack(name, *args):
        if name == "msgpack":
            raise ImportError("No module named 'msgpack'")
        return real(name, *args)

    monkeypatch.setattr(gc.importlib, "import_module", without_msgpack)
    with pytest.raises(ImportError, match=r"pip install 'graphperf-client\[msgpack\]'"):
        encode(MESSAGE, "msgpack")
    assert decode(encode(MESSAGE, "json", "deflate-best"), "json") == MESSAGE, "JSON and deflate need no extra"

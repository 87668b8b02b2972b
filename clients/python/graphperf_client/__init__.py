"""An asyncio client for graphperf's WebSocket gateway (protocol: docs/gateway.md).

    async with await GatewayClient.connect("ws://127.0.0.1:7688/graphperf", format="bson") as g:
        result = await g.cypher("MATCH (p:Person) RETURN count(p) AS people")
        print(result.rows)

Every request carries an id and its response is matched by it, so any number may be in flight at once
(``asyncio.gather``): the gateway answers them in the order they finish.
"""
from __future__ import annotations

import asyncio
import importlib
import itertools
import json
import struct
import zlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Dict, List, Optional, Tuple

__all__ = ["GatewayClient", "GatewayError", "Result", "FORMATS", "COMPRESSIONS", "encode", "decode"]

#: what each optional format or compression imports, and the extra that installs it
_OPTIONAL = {"bson": ("bson", "bson"), "msgpack": ("msgpack", "msgpack"), "zstd": ("zstandard", "zstd"), "lz4": ("lz4.block", "lz4")}


def _module(feature: str) -> ModuleType:
    """The package an optional format or compression needs, imported on first use; a clear ImportError naming the extra when absent."""
    name, extra = _OPTIONAL[feature]
    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise ImportError(f"graphperf-client: {feature} needs the package {name.split('.')[0]!r}: "
                          f"pip install 'graphperf-client[{extra}]' (or [all])") from e

FORMATS = ("json", "bson", "msgpack")
#: compression name -> the envelope's first byte
COMPRESSIONS = {"none": 0, "deflate-fast": 1, "deflate-best": 2, "zstd": 3, "lz4": 4}
_MAX_DEPTH = 64


class GatewayError(Exception):
    """A response with an error: ``code`` is Neo4j's status code or the gateway's (``Graphperf.Busy`` …)."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass
class Result:
    """A query's or procedure's answer; ``server`` holds the gateway's queueNanos and execNanos."""

    columns: List[str] = field(default_factory=list)
    rows: List[list] = field(default_factory=list)
    server: Dict[str, int] = field(default_factory=dict)


def _bson_ints(value: Any) -> Any:
    """Every integer as BSON's 64-bit integer, as the protocol's values are (bool stays bool)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return _module("bson").int64.Int64(value)
    if isinstance(value, dict):
        return {str(k): _bson_ints(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_bson_ints(v) for v in value]
    return value


def _plain(value: Any) -> Any:
    """BSON's decoded values back as plain Python ones (its 64-bit integers are ints already: Int64 subclasses int)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def encode(message: Dict[str, Any], fmt: str, compression: str = "none") -> bytes:
    """One binary message: the envelope (compression byte, the uncompressed length when compressed), then the payload."""
    if fmt == "json":
        payload = json.dumps(message, separators=(",", ":")).encode("utf-8")
    elif fmt == "bson":
        payload = _module("bson").encode(_bson_ints(message))
    elif fmt == "msgpack":
        payload = _module("msgpack").packb(message, use_bin_type=True)
    else:
        raise ValueError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    code = COMPRESSIONS.get(compression)
    if code is None:
        raise ValueError(f"unknown compression {compression!r}; known: {', '.join(COMPRESSIONS)}")
    if code == 0:
        return b"\x00" + payload
    if code in (1, 2):
        c = zlib.compressobj(1 if code == 1 else 9, zlib.DEFLATED, -15)
        body = c.compress(payload) + c.flush()
    elif code == 3:
        body = _module("zstd").ZstdCompressor().compress(payload)
    else:
        body = _module("lz4").compress(payload, store_size=False)
    return bytes([code]) + struct.pack(">i", len(payload)) + body


def decode(data: bytes, fmt: str) -> Dict[str, Any]:
    """A binary message from the gateway: the envelope undone, then the payload in the connection's format."""
    code = data[0]
    if code == 0:
        payload = data[1:]
    else:
        (length,) = struct.unpack(">i", data[1:5])
        body = data[5:]
        if code in (1, 2):
            payload = zlib.decompress(body, -15)
        elif code == 3:
            payload = _module("zstd").ZstdDecompressor().decompress(body, max_output_size=length)
        elif code == 4:
            payload = _module("lz4").decompress(body, uncompressed_size=length)
        else:
            raise GatewayError("Graphperf.Malformed", f"unknown compression code {code} from the gateway")
        if len(payload) != length:
            raise GatewayError("Graphperf.Malformed", f"the gateway declared {length} bytes, the payload has {len(payload)}")
    if fmt == "json":
        return json.loads(payload.decode("utf-8"))
    if fmt == "bson":
        return _plain(_module("bson").decode(payload))
    return _module("msgpack").unpackb(payload, raw=False)


class GatewayClient:
    """One WebSocket connection to the gateway, logged in; requests may be in flight at once from many tasks."""

    def __init__(self, ws, fmt: str, compression: str, hello: Dict[str, Any]):
        self._ws = ws
        self.format = fmt
        self.compression = compression
        self.hello = hello
        self._ids = itertools.count(2)
        self._pending: Dict[int, asyncio.Future] = {}
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self._closed: Optional[BaseException] = None
        # submits gathered per (statement, parameter names, ack): rows and each write's future, sent as one compact message
        self.linger = 0.0
        self.batch_writes = 1000
        self._batches: Dict[Tuple[str, Tuple[str, ...], str], Tuple[List[List[Any]], List[asyncio.Future]]] = {}

    @classmethod
    async def connect(cls, uri: str, format: str = "json", compression: str = "none", response_compression: Optional[str] = None,
                      threshold: int = 1024, user: Optional[str] = None, password: Optional[str] = None, token: Optional[str] = None,
                      ssl=None) -> "GatewayClient":
        """Connects and sends the hello: ``compression`` for what this client sends, ``response_compression`` (default: the
        same) for what the gateway sends back above ``threshold`` bytes; ``user``/``password`` (a Neo4j user) or ``token``."""
        if format not in FORMATS:
            raise ValueError(f"unknown format {format!r}; known: {', '.join(FORMATS)}")
        for c in (compression, response_compression or compression):
            if c not in COMPRESSIONS:
                raise ValueError(f"unknown compression {c!r}; known: {', '.join(COMPRESSIONS)}")
        import websockets

        ws = await websockets.connect(uri, subprotocols=[f"graphperf.{format}"], max_size=None, ssl=ssl, compression=None)
        hello: Dict[str, Any] = {"id": 1, "kind": "hello", "compression": response_compression or compression, "threshold": threshold}
        if user is not None:
            hello["user"] = user
            hello["password"] = password or ""
        if token is not None:
            hello["token"] = token
        await ws.send(encode(hello, format, compression))
        answer = decode(await ws.recv(), format)
        if "error" in answer:
            await ws.close()
            raise GatewayError(answer["error"]["code"], answer["error"]["message"])
        return cls(ws, format, compression, answer)

    async def __aenter__(self) -> "GatewayClient":
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    async def cypher(self, statement: str, params: Optional[Dict[str, Any]] = None) -> Result:
        """Runs one Cypher statement in its own transaction."""
        return self._result(await self.request({"kind": "cypher", "statement": statement, "params": params or {}}))

    async def procedure(self, name: str, args: Optional[Dict[str, Any]] = None) -> Result:
        """Calls a stored procedure by name, its arguments by the names in its signature; no Cypher is parsed."""
        return self._result(await self.request({"kind": "procedure", "name": name, "args": args or {}}))

    async def submit(self, statement: str, params: Optional[Dict[str, Any]] = None, ack: str = "durable") -> int:
        """One write to the batch writer; returns its sequence once acknowledged (``durable``: logged; ``applied``: committed).

        The submits of every task of this client gather into one message per statement, parameter names and ``ack`` (the
        gateway's compact form): a message goes when it holds ``batch_writes`` writes (default 1000) or ``linger`` seconds after
        its first write (default 0: at the event loop's next turn, so a lone write waits for nobody). Each write still gets its
        own sequence or its own GatewayError (Graphperf.Busy: retry that write). ``batch_writes = 1`` sends each alone."""
        params = params or {}
        if self.batch_writes <= 1:
            return (await self.request({"kind": "submit", "statement": statement, "params": params, "ack": ack}))["sequence"]
        columns = tuple(params)
        key = (statement, columns, ack)
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        batch = self._batches.get(key)
        if batch is None:
            batch = self._batches[key] = ([], [])
            if self.linger > 0:
                loop.call_later(self.linger, self._flush, key, batch)
            else:
                loop.call_soon(self._flush, key, batch)
        batch[0].append(list(map(params.__getitem__, columns)))
        batch[1].append(future)
        if len(batch[0]) >= self.batch_writes:
            self._flush(key, batch)
        return await future

    def _flush(self, key: Tuple[str, Tuple[str, ...], str], batch: Tuple[List[List[Any]], List[asyncio.Future]]) -> None:
        if self._batches.get(key) is not batch:
            return  # sent already (it filled up)
        del self._batches[key]
        asyncio.get_running_loop().create_task(self._send_batch(key, batch))

    async def _send_batch(self, key: Tuple[str, Tuple[str, ...], str], batch: Tuple[List[List[Any]], List[asyncio.Future]]) -> None:
        statement, columns, ack = key
        rows, futures = batch
        try:
            answer = await self.request({"kind": "submit", "statement": statement, "columns": list(columns), "rows": rows, "ack": ack})
        except BaseException as e:  # refused whole, or the connection went away: every write of it fails with that
            for f in futures:
                if not f.done():
                    f.set_exception(e if isinstance(e, Exception) else ConnectionError(str(e)))
            return
        first = answer.get("firstSequence")  # every write acknowledged: their sequences follow on from it
        if first is not None and first >= 0 and "errors" not in answer:
            for i, f in enumerate(futures, first):
                if not f.done():
                    f.set_result(i)
            return
        errors = {int(e["index"]): e for e in answer.get("errors", [])}
        sequences = answer.get("sequences", [])
        for i, f in enumerate(futures):
            if f.done():
                continue
            if i in errors:
                f.set_exception(GatewayError(errors[i]["code"], errors[i]["message"]))
            elif first is not None and first >= 0:
                f.set_result(first + i)
            elif i < len(sequences) and sequences[i] >= 0:
                f.set_result(sequences[i])
            else:
                f.set_exception(GatewayError("Graphperf.Failed", "the gateway's answer has no sequence for this write"))

    async def submit_all(self, writes: List[Dict[str, Any]], ack: str = "durable") -> List[Dict[str, Any]]:
        """Several writes ({statement, params}) answered at once, in the order sent: {sequence} or {error} each."""
        return (await self.request({"kind": "submit", "writes": writes, "ack": ack}))["acks"]

    async def ping(self) -> Dict[str, Any]:
        return await self.request({"kind": "ping"})

    async def request(self, message: Dict[str, Any]) -> Dict[str, Any]:
        """Sends any request (an id is added) and waits for its response; an error response raises GatewayError."""
        if self._closed is not None:
            raise ConnectionError(f"the gateway connection is closed: {self._closed}")
        rid = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            await self._ws.send(encode({"id": rid, **message}, self.format, self.compression))
            answer = await future
        finally:
            self._pending.pop(rid, None)
        if "error" in answer:
            raise GatewayError(answer["error"]["code"], answer["error"]["message"])
        return answer

    async def close(self) -> None:
        await self._ws.close()
        self._reader.cancel()
        try:
            await self._reader
        except (asyncio.CancelledError, Exception):
            pass

    @staticmethod
    def _result(answer: Dict[str, Any]) -> Result:
        return Result(answer.get("columns", []), answer.get("rows", []), answer.get("server", {}))

    async def _read(self) -> None:
        try:
            async for data in self._ws:
                answer = json.loads(data) if isinstance(data, str) else decode(data, self.format)
                future = self._pending.get(answer.get("id"))
                if future is not None and not future.done():
                    future.set_result(answer)
                elif answer.get("id") is None and "error" in answer:  # a message the gateway could not read: fail everyone waiting
                    for f in self._pending.values():
                        if not f.done():
                            f.set_result(answer)
        except Exception as e:  # the connection went away
            self._closed = e
        finally:
            self._closed = self._closed or ConnectionError("closed")
            for f in self._pending.values():
                if not f.done():
                    f.set_exception(ConnectionError(f"the gateway connection closed: {self._closed}"))

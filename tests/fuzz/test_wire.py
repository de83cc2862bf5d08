"""``graft_core.wire.decode``: every message round-trips, and any other bytes give a decoded
message or ``InvalidInputError`` (``PayloadTooLargeError`` over the limit), never anything else."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from graft_core.errors import InvalidInputError, PayloadTooLargeError
from graft_core.wire import ErrorBody, Message, decode, encode
from tests.fuzz.messages import MESSAGE_TYPES, messages, msgpack_values

every_kind = pytest.mark.parametrize("kind", MESSAGE_TYPES, ids=lambda k: k.__name__)


def decodes_or_refuses(data: bytes, kind: type[Message]) -> Message | None:
    try:
        decoded = decode(data, kind, limit=1 << 30)
    except InvalidInputError as exc:
        assert str(exc), "an error without a message"
        return None
    assert type(decoded) is kind
    return decoded


@every_kind
@given(data=st.data())
def test_valid_messages_round_trip_and_damaged_ones_are_refused(
    kind: type[Message], data: st.DataObject
) -> None:
    encoded = encode(data.draw(messages(kind), label="message"))
    assert encode(decode(encoded, kind, limit=1 << 30)) == encoded
    cut = data.draw(st.integers(0, len(encoded) - 1), label="cut")
    with pytest.raises(InvalidInputError):
        decode(encoded[:cut], kind, limit=1 << 30)  # msgpack is self-delimiting: a prefix is short
    mutated = bytearray(encoded)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(mutated)))
        mutated[at : at + data.draw(st.integers(0, 8))] = data.draw(st.binary(max_size=8))
    decodes_or_refuses(bytes(mutated), kind)


@every_kind
@given(body=st.binary(max_size=300) | msgpack_values.map(msgspec.msgpack.encode))
@example(body=b"\x81\xa3vid\xc4\x10" + b"\x80" * 16)  # a lone valid-looking id field
@example(body=b"\x81\xa3vid\xc4\x0f" + b"\x80" * 15)  # an id one byte short
@example(body=b"\x81\xc4\x03vid\xc0")  # a map key that is bytes, not str
@example(body=b"\x81\xa2\xff\xfe\xc0")  # a map key that is not UTF-8
def test_arbitrary_bytes_decode_or_are_refused(kind: type[Message], body: bytes) -> None:
    decodes_or_refuses(body, kind)


@given(
    source=st.sampled_from(MESSAGE_TYPES).flatmap(messages), target=st.sampled_from(MESSAGE_TYPES)
)
def test_one_kind_read_as_another_decodes_or_is_refused(
    source: Message, target: type[Message]
) -> None:
    decodes_or_refuses(encode(source), target)


def test_body_over_the_limit_is_payload_too_large_before_parsing() -> None:
    body = encode(ErrorBody(code="c", message="m" * 100))
    with pytest.raises(PayloadTooLargeError, match="exceeds the limit of 50"):
        decode(body, ErrorBody, limit=50)
    assert decode(body, ErrorBody, limit=len(body)).message == "m" * 100

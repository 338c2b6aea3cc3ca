#!/usr/bin/env python3
"""`kma-forecast mcp` driven by the official MCP Python SDK (PyPI `mcp`, 2.3.0) as the client.

The SDK validates every result against the negotiated protocol schema and every non-error
`structuredContent` against the tool's `outputSchema`; this script also validates each
`structuredContent` with `jsonschema` itself. Run by MCPSDKTests (Swift), which starts the
stand-in gateways and passes their URLs:

    check-mcp-sdk.py BINARY --base URL --mid URL --slow-base URL --key KEY --at INSTANT

For each mode (legacy: the 2025-11-25 handshake; auto: negotiates 2026-07-28 with this
dual-era server): list the tools; the forecast for 해운대 with a chance of rain in every hour
and the ten days; a tool error with candidates for 중구; a slow many-places call cancelled
(the server stays usable). Prints one line per check and `N checks, 0 failures` at the end.
"""
import argparse
import sys
import time

import anyio
import jsonschema
from mcp import Client, StdioServerParameters

TOOLS = ["kma_forecast", "kma_forecast_many", "kma_grid", "kma_base_times", "kma_place_search", "kma_field_values", "kma_warnings", "kma_place_codes"]
failures = []
checks = 0


def check(condition, what):
    global checks
    checks += 1
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def params(args, base):
    env = {"KMA_SERVICE_KEY": args.key, "KMA_BASE_URL": base, "KMA_MID_BASE_URL": args.mid, "PATH": "/usr/bin:/bin"}
    return StdioServerParameters(command=args.binary, args=["mcp", "--at", args.at], env=env)


async def session(args, mode):
    async with Client(params(args, args.base), mode=mode) as client:
        check(client.protocol_version == ("2025-11-25" if mode == "legacy" else "2026-07-28"), f"{mode}: negotiated {client.protocol_version}")
        listed = await client.list_tools()
        names = [tool.name for tool in listed.tools]
        check(names == TOOLS, f"{mode}: tools/list gives the eight tools in order: {names}")
        schemas = {tool.name: tool.output_schema for tool in listed.tools}
        for tool in listed.tools:
            check(tool.input_schema.get("type") == "object" and tool.input_schema.get("additionalProperties") is False, f"{mode}: {tool.name} inputSchema is a closed object")

        result = await client.call_tool("kma_forecast", {"place": "해운대", "days": 11, "hours": 48})
        check(not result.is_error, f"{mode}: the forecast for 해운대 is not an error")
        structured = result.structured_content or {}
        jsonschema.validate(structured, schemas["kma_forecast"])
        check(True, f"{mode}: the forecast validates against its outputSchema (jsonschema)")
        hours = structured.get("hours", [])
        check(len(hours) == 48 and all("rainChance" in h for h in hours), f"{mode}: a chance of rain in every one of {len(hours)} hours")
        check(len(structured.get("days", [])) == 11, f"{mode}: today and the ten days ({len(structured.get('days', []))} days)")
        text = result.content[0].text
        check("부산광역시 해운대구" in text and "+09:00" in text and args.key not in text, f"{mode}: the text names the place, carries +09:00, holds no key")

        error = await client.call_tool("kma_forecast", {"place": "중구"})
        check(error.is_error and "서울특별시 중구" in error.content[0].text and "부산광역시 중구" in error.content[0].text, f"{mode}: 중구 is an error listing the candidates")

        grid = await client.call_tool("kma_grid", {"place": "Busan"})
        jsonschema.validate(grid.structured_content, schemas["kma_grid"])
        check(grid.structured_content.get("placeName") == "부산광역시", f"{mode}: kma_grid for Busan")
        many = await client.call_tool("kma_forecast_many", {"places": ["해운대구", "35.16,129.16"], "hours": 3})
        jsonschema.validate(many.structured_content, schemas["kma_forecast_many"])
        many_places = many.structured_content.get("places", [])
        check(not many.is_error and len(many_places) == 2 and all(len(p.get("hours", [])) == 3 for p in many_places), f"{mode}: kma_forecast_many validates, 3 hours at each of 2 places")
        for name, arguments in [("kma_base_times", {"at": "2026-10-04T17:30:00+09:00"}), ("kma_place_search", {"query": "중구"})]:
            answer = await client.call_tool(name, arguments)
            jsonschema.validate(answer.structured_content, schemas[name])
            check(not answer.is_error, f"{mode}: {name} validates")


async def cancelling(args, mode):
    """A many-places call against a gateway that answers the short-term run after 30 s,
    cancelled after a second: the call ends at once and the server answers the next call."""
    async with Client(params(args, args.slow_base), mode=mode) as client:
        started = time.monotonic()
        with anyio.move_on_after(1.0) as scope:
            await client.call_tool("kma_forecast_many", {"places": ["해운대구", "부산 중구", "서울 종로구", "제주시", "Daegu"]})
        elapsed = time.monotonic() - started
        # Well under the gateway's 15 s (MCPBinaryTests), so a busy machine's slowness is no failure.
        check(scope.cancelled_caught and elapsed < 10, f"{mode}: the slow many-places call was cancelled after {elapsed:.1f} s")
        after = await client.call_tool("kma_grid", {"nx": 60, "ny": 127})
        check(not after.is_error and after.structured_content["nx"] == 60, f"{mode}: the server answers after the cancellation")


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--base", required=True)
    parser.add_argument("--mid", required=True)
    parser.add_argument("--slow-base", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--at", required=True)
    args = parser.parse_args()
    for mode in ["legacy", "auto"]:
        try:
            await session(args, mode)
            await cancelling(args, mode)
        except Exception as error:  # a validation error of the SDK, a protocol error …
            check(False, f"{mode}: {type(error).__name__}: {error}")
    print(f"{checks} checks, {len(failures)} failures", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(anyio.run(main))

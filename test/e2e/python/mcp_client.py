"""`ops mcp` under the official Python MCP SDK (`mcp`: ClientSession over stdio_client), as a Python host runs it.

Usage: python3 mcp_client.py COMMAND [ARG...]   (the server to start, e.g. `node bin/ops.cjs mcp`)

It starts the server with this process's environment, lists its tools and writes them to stdout as one
JSON line, `{"tools": [{"name", "inputSchema", ...}]}`. It then reads one line from stdin, a JSON array
of calls `{"tool", "arguments"}` (made from that list by the test, so that the walk over the verbs is
written once, in TypeScript), and for each call checks the arguments against the tool's schema with
`jsonschema` (a dependency of `mcp`), as a client that validates before it sends does, calls the tool,
and writes one JSON line: `{"tool", "arguments", "invalid": <the schema's complaint or null>,
"isError", "text": <the first content item's text>}`.
"""

import json
import os
import sys

import anyio
import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def emit(line: dict) -> None:
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


def complaint(schema: dict, arguments: dict) -> str | None:
    """The first way these arguments do not fit the schema, or None."""
    validator = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    validator.check_schema(schema)
    error = next(iter(validator(schema).iter_errors(arguments)), None)
    return None if error is None else f"{'/'.join(map(str, error.absolute_path))}: {error.message}"


async def main() -> None:
    server = StdioServerParameters(command=sys.argv[1], args=sys.argv[2:], env=dict(os.environ))
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        # by_alias: the wire's own names (inputSchema, isError) under both mcp 1.x and 2.x.
        tools = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in (await session.list_tools()).tools]
        emit({"tools": tools})
        schemas = {t["name"]: t["inputSchema"] for t in tools}
        calls = json.loads(await anyio.to_thread.run_sync(sys.stdin.readline))
        for call in calls:
            name, arguments = call["tool"], call["arguments"]
            invalid = complaint(schemas[name], arguments)
            result = (await session.call_tool(name, arguments)).model_dump(mode="json", by_alias=True)
            content = result.get("content") or [{}]
            emit(
                {
                    "tool": name,
                    "arguments": arguments,
                    "invalid": invalid,
                    "isError": bool(result.get("isError")),
                    "text": content[0].get("text", ""),
                }
            )


anyio.run(main)

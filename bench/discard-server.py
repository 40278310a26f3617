"""The machine's floor for bench/uploads: an HTTP/1.1 server on loopback that reads each request
body to its end, discards it and answers 303, doing nothing else. Page latency measured while
the same burst of uploads goes here instead of to Roster is what the transfer alone costs a
machine whose clients share its processors.
    python3 bench/discard-server.py PORT"""
import asyncio
import sys

MAX_HEAD = 64 * 1024


async def serve(reader, writer):
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            if len(head) > MAX_HEAD:
                return
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                name = name.strip().lower()
                if name == b"content-length":
                    length = int(value.strip())
                elif name == b"expect" and value.strip().lower() == b"100-continue":
                    writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            while length > 0:
                chunk = await reader.read(min(length, 1 << 16))
                if not chunk:
                    return
                length -= len(chunk)
            writer.write(b"HTTP/1.1 303 See Other\r\nLocation: /\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, ValueError):
        pass
    finally:
        writer.close()


async def main(port):
    server = await asyncio.start_server(serve, "127.0.0.1", port)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))

#!/usr/bin/python3
"""A warm LibreOffice for document conversions (core/foundation/tools/office.ts).

Starts one headless soffice with a private profile, connects to it over a
pipe (UNO), then converts files on request, one JSON line per request on
stdin and one per answer on stdout:

  {"id": 1, "input": "/dir/deck.pptx", "output": "/dir/deck.pdf", "filter": "impress_pdf_Export"}
  {"id": 1, "ok": true}          or  {"id": 1, "ok": false, "error": "..."}

The first line it prints is {"ready": true} (or {"ready": false, "error": ...}).
It ends soffice and exits when stdin closes. Run with Debian's python3 (it
has the `uno` module from python3-uno); everything else is the caller's:
sandbox, memory ceiling, time budget, restarts.
"""
import json
import os
import subprocess
import sys
import time
import uuid

import uno
from com.sun.star.beans import PropertyValue


def props(**kw):
    out = []
    for k, v in kw.items():
        p = PropertyValue()
        p.Name = k
        p.Value = v
        out.append(p)
    return tuple(out)


def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main():
    profile = sys.argv[1]
    pipe = "cms_office_" + uuid.uuid4().hex
    soffice = subprocess.Popen(
        [
            "soffice", "-env:UserInstallation=" + uno.systemPathToFileUrl(profile),
            "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
            "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe,
        ],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=sys.stderr,
    )
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    ctx = None
    # soffice takes 1-3 s to open its pipe; ask until it answers or exits.
    deadline = time.monotonic() + 60
    while ctx is None:
        try:
            ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except Exception as e:  # NoConnectException until soffice listens
            if soffice.poll() is not None or time.monotonic() > deadline:
                say({"ready": False, "error": "LibreOffice did not start: %s" % e})
                return 1
            time.sleep(0.1)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    say({"ready": True})

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        req = json.loads(line)
        doc = None
        try:
            doc = desktop.loadComponentFromURL(
                uno.systemPathToFileUrl(req["input"]), "_blank", 0,
                props(Hidden=True, ReadOnly=True, MacroExecutionMode=0, UpdateDocMode=0),
            )
            if doc is None:
                raise RuntimeError("LibreOffice could not open the file")
            doc.storeToURL(uno.systemPathToFileUrl(req["output"]), props(FilterName=req["filter"]))
            say({"id": req["id"], "ok": True})
        except Exception as e:
            say({"id": req["id"], "ok": False, "error": str(e) or type(e).__name__})
        finally:
            if doc is not None:
                try:
                    doc.close(True)
                except Exception:
                    pass

    try:
        desktop.terminate()
    except Exception:
        pass
    try:
        soffice.wait(timeout=10)
    except Exception:
        soffice.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())

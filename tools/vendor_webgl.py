"""Re-vendor the WebGL renderer of kg's whole-graph views: sigma.js and graphology (both MIT), at
pinned versions, from the npm registry, into kg/viz/static/vendor/ (the minified UMD builds, with
each package's licence beside it).

    python tools/vendor_webgl.py          # needs npm; writes the files, checks npm's integrity

The same versions give the same bytes: ``npm pack`` fetches the published tarball, whose sha512
must equal the one pinned here, so a changed registry answer fails instead of landing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

VENDOR = Path(__file__).resolve().parents[1] / "kg" / "viz" / "static" / "vendor"

#: package, version, the registry's sha512 integrity, {file in the tarball: file in VENDOR}
PACKAGES = [
    (
        "sigma",
        "3.0.3",
        "sha512-5H0zFlx6/NTQpqBg4Rm569ZOpnBOXMaS25UQThIWMU3XyzI5AhmorK/gnl87BvJBLhQd0tW4C0LIp3enWzMoNw==",
        {"dist/sigma.min.js": "sigma.min.js", "LICENSE.txt": "sigma.LICENSE.txt"},
    ),
    (
        "graphology",
        "0.26.0",
        "sha512-8SSImzgUUYC89Z042s+0r/vMibY7GX/Emz4LDO5e7jYXhuoWfHISPFJYjpRLUSJGq6UQ6xlenvX1p/hJdfXuXg==",
        {
            "dist/graphology.umd.min.js": "graphology.umd.min.js",
            "LICENSE.txt": "graphology.LICENSE.txt",
        },
    ),
]


def main() -> int:
    VENDOR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, version, integrity, files in PACKAGES:
            out = subprocess.run(
                ["npm", "pack", f"{name}@{version}", "--json", "--pack-destination", tmp],
                check=True,
                capture_output=True,
                text=True,
            )
            tarball = Path(tmp) / json.loads(out.stdout)[0]["filename"]
            digest = hashlib.sha512(tarball.read_bytes()).digest()
            got = "sha512-" + base64.b64encode(digest).decode("ascii")
            if got != integrity:
                print(f"{name}@{version}: integrity {got} is not the pinned {integrity}")
                return 1
            with tarfile.open(tarball) as tar:
                for inner, target in files.items():
                    member = tar.extractfile(f"package/{inner}")
                    if member is None:
                        print(f"{name}@{version}: no {inner} in the tarball")
                        return 1
                    (VENDOR / target).write_bytes(member.read())
            print(f"{name}@{version}: {', '.join(files.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

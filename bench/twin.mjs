// The no-JS twin for `make bench` (DESIGN §6): each page beside a copy of itself with every
// script and module preload removed, so Lighthouse can say what the page's JavaScript costs.
//
//   node bench/twin.mjs http://127.0.0.1:18180 <real port> <twin port>
//
// One process, two loopback origins in front of the Go binary:
//   real  passes every request and response through untouched;
//   twin  does the same, except that an HTML page's body loses its executable <script>
//         elements and its <link rel="modulepreload"> tags (JSON-LD data blocks stay: they run
//         nothing) and is compressed again (brotli or gzip, as the client asks).
// Why a proxy and not a second copy of the files: the Go binary embeds the build, so a
// stripped copy would need a second server with its own headers and compression; here both
// columns get the very headers, stylesheet, images and compressed bytes of the Go binary, and
// both pay the same extra loopback hop, so the only difference measured is the JavaScript.
// Why not a path prefix: pages link their assets by absolute path ("/assets/…").
// The twin's compressed pages are kept (per path and encoding) after the first request, as
// the Go binary keeps its pre-compressed ones: brotli at quality 11 on every request would
// add tens of milliseconds of server time to the twin only. bench/run.sh requests each page
// once before measuring.
// Prints "ready" once both ports listen; stops on SIGTERM.
import http from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";

/** stripScripts returns html without its executable scripts and module preloads. */
export function stripScripts(html) {
  return html
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "")
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/gi, (tag, attrs) =>
      /\btype="application\/(ld\+)?json"/i.test(attrs) ? tag : "",
    );
}

/** proxy answers each request from upstream; twin pages are stripped of their scripts. */
function proxy(upstream, twin) {
  const kept = new Map(); // "encoding url" -> { status, headers, body } of a twin page
  return http.createServer((req, res) => {
    const accept = String(req.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : "identity";
    const key = `${encoding} ${req.url}`;
    const hit = twin && req.method === "GET" ? kept.get(key) : undefined;
    if (hit) {
      res.writeHead(hit.status, hit.headers);
      res.end(hit.body);
      return;
    }
    const headers = { ...req.headers, host: upstream.host };
    const up = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (upRes) => {
        const isHTML = /^text\/html/i.test(upRes.headers["content-type"] ?? "");
        if (!twin || !isHTML || req.method !== "GET") {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
          return;
        }
        const chunks = [];
        upRes.on("data", (c) => chunks.push(c));
        upRes.on("end", () => {
          // The page arrives as the Go binary sends it to this client (brotli, say): decode it,
          // so every other response (the stylesheet above all) travels exactly as in the real column.
          const got = Buffer.concat(chunks);
          const upEncoding = upRes.headers["content-encoding"];
          const html =
            upEncoding === "br" ? brotliDecompressSync(got) : upEncoding === "gzip" ? gunzipSync(got) : got;
          const body = Buffer.from(stripScripts(html.toString("utf8")));
          const out = { ...upRes.headers };
          delete out["content-length"];
          delete out.etag;
          delete out.date;
          let sent = body;
          if (encoding === "br") {
            sent = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
            out["content-encoding"] = "br";
          } else if (encoding === "gzip") {
            sent = gzipSync(body, { level: 9 });
            out["content-encoding"] = "gzip";
          }
          out["content-length"] = String(sent.length);
          const status = upRes.statusCode ?? 502;
          if (status < 500) kept.set(key, { status, headers: out, body: sent });
          res.writeHead(status, out);
          res.end(sent);
        });
      },
    );
    up.on("error", (err) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`twin proxy: ${err.message}\n`);
    });
    req.pipe(up);
  });
}

const [upstreamArg, realPort, twinPort] = process.argv.slice(2);
if (upstreamArg) {
  const upstream = new URL(upstreamArg);
  const servers = [proxy(upstream, false), proxy(upstream, true)];
  await Promise.all(
    servers.map(
      (s, i) => new Promise((ok) => s.listen(Number(i === 0 ? realPort : twinPort), "127.0.0.1", ok)),
    ),
  );
  console.log("ready");
  process.on("SIGTERM", () => {
    for (const s of servers) s.close();
    process.exit(0);
  });
}

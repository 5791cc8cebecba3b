import fs from 'node:fs'; import path from 'node:path'; import vm from 'node:vm'; import zlib from 'node:zlib';
const DIST='.next';
const route = process.argv[2];
const file = path.join(DIST,'server','app',route,'page_client-reference-manifest.js');
const sb={globalThis:{}}; vm.runInNewContext(fs.readFileSync(file,'utf8'),sb);
const [[k,m]]=Object.entries(sb.globalThis.__RSC_MANIFEST);
const build=JSON.parse(fs.readFileSync(path.join(DIST,'build-manifest.json'),'utf8'));
const chunks=new Set(build.rootMainFiles); for (const fs2 of Object.values(m.entryJSFiles)) for (const f of fs2) chunks.add(f);
for (const c of chunks){ const s=fs.readFileSync(path.join(DIST,c),'utf8'); const gz=zlib.gzipSync(s,{level:9}).length; const tags=['react-hook-form','useForm','ZodError','$ZodType','lexical','radix','sonner','date-fns','libphonenumber','drizzle','zod'].filter(t=>s.includes(t)); console.log((gz/1024).toFixed(1).padStart(6), c, tags.join(','));}

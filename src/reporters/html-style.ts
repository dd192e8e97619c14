/** The HTML report's style: light and dark themes (the system's, or the page's toggle), and a narrow layout from 700 px down. */
export const reportStyle = `
:root{--bg:#fff;--fg:#1b1f24;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;--accent:#0b6bcb;--bar:#4b8fd9;
--error:#c42b1c;--warning:#9a6700;--info:#0b6bcb;--add:#dafbe1;--del:#ffebe9;--focus:#0b6bcb;color-scheme:light}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;
--panel:#151b23;--accent:#58a6ff;--bar:#3b82d6;--error:#ff7b72;--warning:#d29922;--info:#58a6ff;--add:#12361f;--del:#3c1618;--focus:#58a6ff;color-scheme:dark}}
:root[data-theme=dark]{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--panel:#151b23;--accent:#58a6ff;--bar:#3b82d6;
--error:#ff7b72;--warning:#d29922;--info:#58a6ff;--add:#12361f;--del:#3c1618;--focus:#58a6ff;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:1240px;margin:0 auto;padding:16px 20px 40px}
header{display:flex;flex-wrap:wrap;align-items:baseline;gap:8px 16px;justify-content:space-between}
h1{font-size:22px;margin:8px 0}h2{font-size:16px;margin:0 0 8px}
a{color:var(--accent)}
button,select,input{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:4px 8px}
button{cursor:pointer}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.muted{color:var(--muted)}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(130px,1fr));gap:10px;margin:12px 0 20px}
.card{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:10px 12px}
.card b{display:block;font-size:24px;line-height:1.2}
.card.error b{color:var(--error)}.card.warning b{color:var(--warning)}.card.info b{color:var(--info)}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(340px,1fr));gap:16px;margin-bottom:20px}
.chart{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:12px;min-width:0}
.chart ol{list-style:none;margin:0;padding:0}
.bar{display:grid;grid-template-columns:minmax(0,11em) 1fr 3.5em;gap:8px;align-items:center;width:100%;border:0;background:none;
padding:3px 4px;border-radius:4px;text-align:left}
.bar:hover{background:var(--bg)}.bar[aria-pressed=true]{background:var(--bg);box-shadow:inset 3px 0 var(--accent)}
.bar .name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.bar svg{width:100%;height:12px;display:block}.bar rect{fill:var(--bar)}
.bar .n{text-align:right;font-variant-numeric:tabular-nums}
.more{margin-top:6px}
.filters{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:end;margin:0 0 10px}
.filters label{display:flex;flex-direction:column;font-size:12px;color:var(--muted)}
.filters input{min-width:16em}
#status{margin:6px 0}
table{width:100%;border-collapse:collapse}
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
th button{border:0;background:none;padding:0;font-weight:600}
th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
tbody tr:focus-within{background:var(--panel)}
td.file{min-width:15em;overflow-wrap:anywhere}td.pos{white-space:nowrap;font-variant-numeric:tabular-nums}
.sev{font-weight:600}.sev-error{color:var(--error)}.sev-warning{color:var(--warning)}.sev-info{color:var(--info)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre.diff{margin:6px 0 0;padding:6px;border:1px solid var(--line);border-radius:6px;overflow:auto;max-width:100%}
pre.diff span{display:block;white-space:pre}pre.diff .del{background:var(--del)}pre.diff .add{background:var(--add)}
details summary{cursor:pointer;color:var(--accent)}
@media (max-width:700px){main{padding:10px}.charts{grid-template-columns:1fr}.bar{grid-template-columns:minmax(0,9em) 1fr 3em}
.filters input{min-width:0;width:100%}.filters label{flex:1 1 45%}
table,caption,thead,tbody,tr,td{display:block}thead tr{display:flex;flex-wrap:wrap;gap:4px 12px;border:0;padding:0}thead th{border:0;padding:2px 4px}
tr{border:1px solid var(--line);border-radius:8px;margin:0 0 8px;padding:4px 0}td{border:0;padding:2px 10px}
td::before{content:attr(data-label) " ";color:var(--muted);font-size:12px}}
`

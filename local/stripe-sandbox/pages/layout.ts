// The hosted pages' frame: self-contained HTML and CSS (no script), readable on a phone, in Stripe's plain style.
import { escapeHtml } from '../../../functions/domain/email';

export { escapeHtml };

export function formatAmount(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

export function formatDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const styles = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f9fc}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.badge{display:inline-block;font-size:.75rem;font-weight:600;color:#8a4b00;background:#ffe8c2;border-radius:4px;padding:.1rem .4rem}
h1{font-size:1.25rem;margin:.75rem 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:0}
.muted{color:#4f566b}
form,.card{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(50,50,93,.15);padding:1.25rem;margin-top:1.25rem}
label{display:block;font-size:.875rem;font-weight:600;margin:.9rem 0 .3rem}
input{width:100%;font:inherit;padding:.65rem .75rem;border:1px solid #8792a2;border-radius:6px;background:#fff;color:inherit}
input:focus{outline:3px solid #8fb4ff;outline-offset:1px;border-color:#2d5be3}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button,.button{display:block;width:100%;margin-top:1.25rem;padding:.8rem;font:inherit;font-weight:600;color:#fff;background:#2d5be3;border:0;border-radius:6px;text-align:center;text-decoration:none;cursor:pointer}
button:focus-visible,.button:focus-visible{outline:3px solid #1a1f36;outline-offset:2px}
.secondary{background:#fff;color:#2d5be3;border:1px solid #2d5be3}
.alert{margin-top:1rem;padding:.75rem 1rem;border-radius:6px;background:#fde8e8;color:#8a1c1c;border:1px solid #f5b5b5}
.note{margin-top:1rem;padding:.75rem 1rem;border-radius:6px;background:#e6f4ea;color:#1e5a2d}
.hint{font-size:.8rem;color:#4f566b;margin-top:1rem}
a{color:#2d5be3}
`;

export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
<span class="badge">Test mode · local Stripe sandbox</span>
${body}
</main>
</body>
</html>`;
}

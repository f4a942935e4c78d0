import { formatNairaAmount } from '@vendo/shared/money';
import {
  formatToken,
  receiptNote,
  receiptRows,
  receiptStatus,
  STATUS_LABELS,
  type TReceiptStatus,
  type TReceiptView,
} from './receipt';

/**
 * Draws the shareable receipt on a <canvas> (no library: ~2 KB instead of ~50 KB for an
 * HTML-to-image one) and downloads it as a PNG. Wallet balances stay off the image, as they do
 * off the copied text: the receipt is for the customer.
 */

// The palette of styles/tokens.css; a canvas cannot read CSS variables at draw time reliably.
const COLORS = {
  brand: '#0b6e4f',
  brand50: '#e9f5ef',
  ink: '#0f1d18',
  ink2: '#31433c',
  muted: '#5c6d66',
  line: '#e1e8e4',
  bg: '#f4f7f5',
  surface: '#ffffff',
  danger: '#b42318',
  danger50: '#fef3f2',
  success: '#067647',
  success50: '#ecfdf3',
  pending: '#8a6500',
  pending50: '#fff7e0',
};

const STATUS_COLORS: Record<TReceiptStatus, { fg: string; bg: string }> = {
  success: { fg: COLORS.success, bg: COLORS.success50 },
  pending: { fg: COLORS.pending, bg: COLORS.pending50 },
  refunded: { fg: COLORS.danger, bg: COLORS.danger50 },
  failed: { fg: COLORS.danger, bg: COLORS.danger50 },
};

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const MONO = "ui-monospace, 'SF Mono', Menlo, 'Roboto Mono', monospace";
const WIDTH = 400;
const PAD = 20; // card inset
const INNER = 24; // text inset inside the card
const SCALE = 2; // sharp on phone screens

type TContext = CanvasRenderingContext2D;

const roundRect = (ctx: TContext, x: number, y: number, w: number, h: number, r: number) => {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
};

/** Splits text into lines that fit `maxWidth` at the current font. */
const wrap = (ctx: TContext, text: string, maxWidth: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(candidate).width > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
};

/** Shortens text with an ellipsis until it fits. */
const fit = (ctx: TContext, text: string, maxWidth: number): string => {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
};

/** Exam PINs: a box with a heading and two lines (PIN, serial) per PIN. */
const pinsHeight = (view: TReceiptView): number => {
  const count = view.receipt.pins?.length ?? 0;
  return count ? 44 + count * 44 : 0;
};

type TLayout = { rows: { label: string; value: string }[]; note: string | null; height: number };

const layout = (view: TReceiptView): TLayout => {
  const rows = receiptRows(view).filter((row) => !row.private);
  const note = receiptStatus(view.receipt) === 'success' ? null : receiptNote(view);
  const height =
    PAD +
    76 +
    150 +
    (view.token ? 96 : 0) +
    pinsHeight(view) +
    (note ? 76 : 0) +
    rows.length * 40 +
    24 +
    28 +
    PAD;
  return { rows, note, height };
};

/** Draws the receipt; false when the browser has no 2D canvas. */
export const drawReceipt = (canvas: HTMLCanvasElement, view: TReceiptView): boolean => {
  const { rows, note, height } = layout(view);
  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.scale(SCALE, SCALE);
  const status = receiptStatus(view.receipt);
  const left = PAD + INNER;
  const right = WIDTH - PAD - INNER;
  const cardWidth = WIDTH - PAD * 2;

  ctx.fillStyle = COLORS.bg;
  ctx.fillRect(0, 0, WIDTH, height);

  // Card with a brand header.
  roundRect(ctx, PAD, PAD, cardWidth, height - PAD * 2, 18);
  ctx.fillStyle = COLORS.surface;
  ctx.fill();
  ctx.strokeStyle = COLORS.line;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.save();
  roundRect(ctx, PAD, PAD, cardWidth, height - PAD * 2, 18);
  ctx.clip();
  ctx.fillStyle = COLORS.brand;
  ctx.fillRect(PAD, PAD, cardWidth, 76);
  ctx.restore();

  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = COLORS.surface;
  ctx.font = `800 24px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.fillText('Vendo', left, PAD + 47);
  ctx.font = `600 14px ${FONT}`;
  ctx.textAlign = 'right';
  ctx.fillText('Transaction receipt', right, PAD + 46);

  // Status pill, amount, product.
  let y = PAD + 76 + 32;
  const { fg, bg } = STATUS_COLORS[status];
  ctx.font = `700 14px ${FONT}`;
  ctx.textAlign = 'left';
  const label = STATUS_LABELS[status];
  const pillWidth = ctx.measureText(label).width + 28;
  roundRect(ctx, left, y - 18, pillWidth, 28, 14);
  ctx.fillStyle = bg;
  ctx.fill();
  ctx.fillStyle = fg;
  ctx.fillText(label, left + 14, y + 1);

  y += 54;
  ctx.fillStyle = COLORS.ink;
  ctx.font = `800 34px ${FONT}`;
  ctx.fillText(formatNairaAmount(view.receipt.trans_amount), left, y);

  y += 30;
  ctx.fillStyle = COLORS.ink2;
  ctx.font = `600 15px ${FONT}`;
  ctx.fillText(fit(ctx, view.product, right - left), left, y);
  y += 34;

  if (view.token) {
    roundRect(ctx, left, y - 8, right - left, 80, 12);
    ctx.fillStyle = COLORS.brand50;
    ctx.fill();
    ctx.fillStyle = COLORS.brand;
    ctx.font = `700 12px ${FONT}`;
    ctx.fillText('TOKEN', left + 14, y + 14);
    ctx.fillStyle = COLORS.ink;
    ctx.font = `700 21px ${MONO}`;
    ctx.fillText(fit(ctx, formatToken(view.token), right - left - 28), left + 14, y + 50);
    y += 96;
  }

  const pins = view.receipt.pins ?? [];
  if (pins.length) {
    roundRect(ctx, left, y - 8, right - left, pinsHeight(view) - 16, 12);
    ctx.fillStyle = COLORS.brand50;
    ctx.fill();
    ctx.fillStyle = COLORS.brand;
    ctx.font = `700 12px ${FONT}`;
    ctx.fillText(pins.length === 1 ? 'PIN' : 'PINS', left + 14, y + 14);
    pins.forEach(({ pin, serial }, index) => {
      const top = y + 44 + index * 44;
      ctx.fillStyle = COLORS.ink;
      ctx.font = `700 17px ${MONO}`;
      ctx.fillText(fit(ctx, pin, right - left - 28), left + 14, top);
      if (serial) {
        ctx.fillStyle = COLORS.muted;
        ctx.font = `500 12px ${MONO}`;
        ctx.fillText(fit(ctx, `Serial ${serial}`, right - left - 28), left + 14, top + 17);
      }
    });
    y += pinsHeight(view);
  }

  if (note) {
    ctx.font = `600 14px ${FONT}`;
    const lines = wrap(ctx, note, right - left - 28).slice(0, 3);
    roundRect(ctx, left, y - 8, right - left, 60, 12);
    ctx.fillStyle = bg;
    ctx.fill();
    ctx.fillStyle = fg;
    lines.forEach((line, index) => ctx.fillText(line, left + 14, y + 16 + index * 19));
    y += 76;
  }

  // Detail rows.
  for (const row of rows) {
    ctx.strokeStyle = COLORS.line;
    ctx.beginPath();
    ctx.moveTo(left, y - 4);
    ctx.lineTo(right, y - 4);
    ctx.stroke();
    ctx.textAlign = 'left';
    ctx.fillStyle = COLORS.muted;
    ctx.font = `500 13px ${FONT}`;
    ctx.fillText(row.label, left, y + 22);
    const labelWidth = ctx.measureText(row.label).width;
    ctx.textAlign = 'right';
    ctx.fillStyle = COLORS.ink;
    ctx.font = `700 14px ${FONT}`;
    ctx.fillText(fit(ctx, row.value, right - left - labelWidth - 16), right, y + 22);
    y += 40;
  }

  y += 24;
  ctx.textAlign = 'center';
  ctx.fillStyle = COLORS.muted;
  ctx.font = `500 13px ${FONT}`;
  ctx.fillText('Thank you for using Vendo', WIDTH / 2, y);
  return true;
};

/** The PNG file name: vendo-receipt-<reference>.png. */
export const receiptFileName = (view: TReceiptView): string =>
  `vendo-receipt-${view.receipt.trans_Id.replace(/[^\w-]/g, '')}.png`;

/** Draws the receipt and saves it as a PNG; false when the browser cannot draw it. */
export const downloadReceiptImage = async (view: TReceiptView): Promise<boolean> => {
  const canvas = document.createElement('canvas');
  if (!drawReceipt(canvas, view)) return false;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return false;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileName(view);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
};

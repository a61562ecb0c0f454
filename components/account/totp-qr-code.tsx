"use client";
import { create } from "qrcode";

/** Light modules around the code that scanners need to find its edges. */
const QUIET_ZONE = 4;

/**
 * The otpauth URI as a QR code, drawn here from the code's module matrix as SVG elements: the key
 * never leaves the page, and nothing needs a style or image source the Content-Security-Policy
 * would have to allow.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { size, data } = create(uri, { errorCorrectionLevel: "M" }).modules;
  let path = "";
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (data[row * size + col]) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  }
  const side = size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label="QR code of your set-up key. If you cannot scan it, type the key shown beside it into your authenticator app instead."
      viewBox={`0 0 ${side} ${side}`}
      width="176"
      height="176"
      shapeRendering="crispEdges"
      className="shrink-0 rounded-md border border-slate-200"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

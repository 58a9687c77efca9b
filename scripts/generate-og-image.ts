/**
 * Renders public/og-image.jpg (1200x630), the default social-preview image, in the system Chromium.
 * Run `npm run og-image` after changing the business name or tagline.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/production-server.ts";

const html = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box;background:linear-gradient(135deg,#1e3a8a,#1e40af 60%,#0f172a);font-family:system-ui,sans-serif;color:#fff">
<div style="font-size:84px;font-weight:800;letter-spacing:-2px">Deccan <span style="color:#fb923c">Automation</span></div>
<div style="font-size:36px;margin-top:12px;color:#dbeafe">Powering Industrial Excellence</div>
<div style="font-size:30px;margin-top:48px;line-height:1.4">VFD, servo &amp; DC drive repair · PLC / SCADA / HMI · Control panels<br>24/7 breakdown support across India · ISO 9001:2015</div>
</body></html>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: "public/og-image.jpg", type: "jpeg", quality: 85 });
await browser.close();
console.log("Wrote public/og-image.jpg");

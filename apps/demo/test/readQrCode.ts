import jsQRModule from 'jsqr'
import type { Locator } from 'playwright-core'

// jsqr is CommonJS whose `module.exports` is the function itself, while its types declare an ES
// default export: under NodeNext the types see the namespace, so name the function's type here.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default

/**
 * The text a QR code `<svg>` on the page encodes, read the way a phone's camera does: the page draws
 * the SVG into a canvas, and jsQR decodes its pixels. `undefined` when no code can be read.
 */
export async function readQrCode(svg: Locator): Promise<string | undefined> {
  const size = 352
  const pixels = await svg.evaluate(async (element, side) => {
    const source = new XMLSerializer().serializeToString(element)
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = side
    canvas.height = side
    const context = canvas.getContext('2d')!
    context.fillStyle = '#fff'
    context.fillRect(0, 0, side, side)
    context.drawImage(image, 0, 0, side, side)
    return Array.from(context.getImageData(0, 0, side, side).data)
  }, size)
  return jsQR(Uint8ClampedArray.from(pixels), size, size)?.data
}

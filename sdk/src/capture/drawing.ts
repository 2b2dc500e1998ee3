import { DRAWING } from './constants';

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DRAWING_TOOLS = { rectangle: 'rectangle', pen: 'pen', blur: 'blur' } as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[keyof typeof DRAWING_TOOLS];

/** The rectangle spanned by two corners, whatever direction it was dragged in: origin top-left, size never negative. */
export function normalizeRect(start: Point, end: Point): Rect {
  return {
    x: Math.min(start.x, end.x),
    y: Math.min(start.y, end.y),
    width: Math.abs(end.x - start.x),
    height: Math.abs(end.y - start.y),
  };
}

/**
 * Moving-average smoother for freehand strokes: each new point is the mean of the last `size` raw points, which takes the
 * jitter out of a mouse or finger without lagging far behind it.
 */
export class StrokeSmoother {
  private readonly buffer: Point[] = [];

  constructor(private readonly size: number = DRAWING.smoothingBuffer) {}

  /** Add a raw point and get the smoothed point to draw to. */
  add(point: Point): Point {
    this.buffer.push(point);
    while (this.buffer.length > this.size) this.buffer.shift();
    return this.average();
  }

  /** The points that close the stroke on mouse-up, so that it ends where the pointer ended. */
  flush(): Point[] {
    const tail: Point[] = [];
    while (this.buffer.length > 1) {
      this.buffer.shift();
      tail.push(this.average());
    }
    return tail;
  }

  private average(): Point {
    let x = 0;
    let y = 0;
    for (const p of this.buffer) {
      x += p.x;
      y += p.y;
    }
    const n = this.buffer.length;
    return { x: x / n, y: y / n };
  }
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** SVG path data through the given points (`M x y L x y ...`). */
export function pathData(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
}

/** Stroke colour and width of a tool: the pen is translucent, blur is a wide black bar that hides what lies under it. */
export function strokeStyle(tool: DrawingTool, color: string): { stroke: string; width: number } {
  if (tool === 'pen') return { stroke: `${color}${DRAWING.penOpacitySuffix}`, width: DRAWING.penWidth };
  if (tool === 'blur') return { stroke: DRAWING.blurColor, width: DRAWING.blurWidth };
  return { stroke: color, width: DRAWING.rectangleWidth };
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Id of the drawing layer in the host page; the snapshot serialises it like any other element. */
export const DRAWING_LAYER_ID = 'gl-capture-drawing';

/** The drawing layer: an SVG fixed over the viewport in the host page, so that shapes are part of the snapshot. */
export function ensureDrawingLayer(doc: Document = document): SVGSVGElement {
  const existing = doc.getElementById(DRAWING_LAYER_ID);
  if (existing instanceof SVGSVGElement) return existing;
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.id = DRAWING_LAYER_ID;
  svg.setAttribute('aria-hidden', 'true');
  // Inline style (not a stylesheet) so that the serialised snapshot carries it; fixed because what the visitor marks is
  // the viewport they see, which is also what the snapshot's scroll position restores.
  svg.setAttribute(
    'style',
    'position:fixed;left:0;top:0;width:100vw;height:100vh;pointer-events:none;z-index:2147483645;overflow:visible',
  );
  doc.body.appendChild(svg);
  return svg;
}

/** Remove the drawing layer and everything drawn on it. */
export function removeDrawingLayer(doc: Document = document): void {
  doc.getElementById(DRAWING_LAYER_ID)?.remove();
}

/** One shape being drawn: a rectangle or a smoothed stroke, growing as the pointer moves. */
export class ShapeInProgress {
  readonly element: SVGElement;
  private readonly start: Point;
  private readonly points: Point[] = [];
  private readonly smoother = new StrokeSmoother();

  constructor(
    layer: SVGSVGElement,
    readonly tool: DrawingTool,
    color: string,
    start: Point,
  ) {
    this.start = start;
    const { stroke, width } = strokeStyle(tool, color);
    const doc = layer.ownerDocument;
    this.element = doc.createElementNS(SVG_NS, tool === 'rectangle' ? 'rect' : 'path');
    this.element.setAttribute('fill', 'none');
    this.element.setAttribute('stroke', stroke);
    this.element.setAttribute('stroke-width', String(width));
    this.element.setAttribute('stroke-linecap', 'round');
    this.element.setAttribute('stroke-linejoin', 'round');
    this.element.setAttribute('data-tool', tool);
    if (tool === 'rectangle') this.setRect(normalizeRect(start, start));
    else {
      this.points.push(this.smoother.add(start));
      this.element.setAttribute('d', pathData(this.points));
    }
    layer.appendChild(this.element);
  }

  extend(point: Point): void {
    if (this.tool === 'rectangle') {
      this.setRect(normalizeRect(this.start, point));
      return;
    }
    this.points.push(this.smoother.add(point));
    this.element.setAttribute('d', pathData(this.points));
  }

  /** Finish the shape; false (and the shape removed) when it is too small to be meant. */
  finish(): boolean {
    if (this.tool === 'rectangle') {
      const w = Number(this.element.getAttribute('width'));
      const h = Number(this.element.getAttribute('height'));
      if (w < DRAWING.minRectangleSize && h < DRAWING.minRectangleSize) {
        this.element.remove();
        return false;
      }
      return true;
    }
    this.points.push(...this.smoother.flush());
    if (this.points.length === 1) {
      const p = this.points[0]!;
      // A click with the pen still leaves a dot.
      this.points.push({ x: p.x + 0.1, y: p.y });
    }
    this.element.setAttribute('d', pathData(this.points));
    return true;
  }

  private setRect(rect: Rect): void {
    this.element.setAttribute('x', String(round(rect.x)));
    this.element.setAttribute('y', String(round(rect.y)));
    this.element.setAttribute('width', String(round(rect.width)));
    this.element.setAttribute('height', String(round(rect.height)));
  }
}

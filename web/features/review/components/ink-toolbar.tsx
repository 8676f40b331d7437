import { INK_COLOURS, INK_RGB, INK_TOOLS, type InkColour, type InkTool } from '@contract/ink';
import { TOOL_NAMES } from '@web/components/ink';
import { cn } from '@web/lib/cn';
import { ArrowUpRight, Circle, Highlighter, MousePointer2, Pen, Square } from 'lucide-react';

const TOOL_ICONS = {
  pen: Pen,
  highlighter: Highlighter,
  rectangle: Square,
  ellipse: Circle,
  arrow: ArrowUpRight,
} as const;

const COLOUR_NAMES: Record<InkColour, string> = {
  red: 'Red',
  blue: 'Blue',
  green: 'Green',
  black: 'Black',
  yellow: 'Yellow',
};

const pressable = (pressed: boolean) =>
  cn(
    'inline-flex h-8 min-w-8 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    pressed
      ? 'bg-white text-slate-900 shadow-sm ring-1 ring-indigo-400'
      : 'text-slate-700 hover:text-slate-900',
  );

interface InkToolbarProps {
  /** The chosen tool, or null to select words and mark regions as before. */
  tool: InkTool | null;
  colour: InkColour;
  onTool: (tool: InkTool | null) => void;
  onColour: (colour: InkColour) => void;
}

/**
 * The drawing tools over the page view: Select (words and regions, as without tools), pen,
 * highlighter, rectangle, ellipse and arrow, and the ink's colour. Toggle buttons
 * (aria-pressed), reached with Tab; on a phone they wrap.
 */
export function InkToolbar({ tool, colour, onTool, onColour }: InkToolbarProps) {
  return (
    <div className="flex flex-col gap-1.5 print:hidden">
      <div
        role="toolbar"
        aria-label="Drawing tools"
        className="flex flex-wrap items-center gap-1 self-start rounded-lg bg-slate-100 p-1"
      >
        <button
          type="button"
          aria-pressed={tool === null}
          onClick={() => onTool(null)}
          className={pressable(tool === null)}
        >
          <MousePointer2 className="size-4" aria-hidden="true" />
          Select
        </button>
        {INK_TOOLS.map((name) => {
          const Icon = TOOL_ICONS[name];
          return (
            <button
              key={name}
              type="button"
              aria-pressed={tool === name}
              onClick={() => onTool(name)}
              className={pressable(tool === name)}
              title={TOOL_NAMES[name]}
            >
              <Icon className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">{TOOL_NAMES[name]}</span>
            </button>
          );
        })}
        <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />
        <fieldset className="flex items-center gap-1">
          <legend className="sr-only">Ink colour</legend>
          {INK_COLOURS.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={colour === name}
              aria-label={COLOUR_NAMES[name]}
              title={COLOUR_NAMES[name]}
              onClick={() => onColour(name)}
              className={cn(
                'inline-flex size-8 items-center justify-center rounded-md',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                colour === name ? 'bg-white shadow-sm ring-1 ring-indigo-400' : 'hover:bg-white/60',
              )}
            >
              <span
                className="size-5 rounded-full ring-1 ring-slate-400"
                style={{
                  backgroundColor: `rgb(${INK_RGB[name].map((c) => Math.round(c * 255)).join(' ')})`,
                }}
              />
            </button>
          ))}
        </fieldset>
      </div>
      <p className="text-xs text-slate-600">
        {tool === null
          ? 'Choose a pen, highlighter or shape to draw on the page.'
          : tool === 'rectangle' || tool === 'ellipse'
            ? 'Drag on the page to draw, or use the Draw button on a page to place one with the keyboard.'
            : 'Draw on the page with a mouse, pen or finger. Lines and shapes add up to one drawing until you save it.'}
      </p>
    </div>
  );
}

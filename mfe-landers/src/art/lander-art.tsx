import type { ArtName } from '../landers/lander';
import { Chat, Frames, Hearts, Phone, Spark } from './objects';
import { City, Coffee, Stars, UkMap, Wine } from './scenes';

const drawings: Record<ArtName, () => React.JSX.Element> = {
  hearts: Hearts,
  phone: Phone,
  chat: Chat,
  coffee: Coffee,
  spark: Spark,
  city: City,
  map: UkMap,
  stars: Stars,
  wine: Wine,
  frames: Frames,
};

/**
 * A lander's illustration: inline SVG (no request, no photo of anyone), with a fixed width and
 * height so the browser keeps its box before it draws, and the layout never shifts.
 */
export function LanderArt({ name, className }: { name: ArtName; className?: string }) {
  const Drawing = drawings[name];
  return (
    <svg
      viewBox="0 0 320 240"
      width="320"
      height="240"
      className={className}
      aria-hidden="true"
      focusable="false"
      data-art={name}
    >
      <Drawing />
    </svg>
  );
}

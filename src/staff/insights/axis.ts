/** The bar charts' category axis (Chart.tsx): pure, so that it is tested without a canvas. */
const longestLabel = 22;
const slant = 40;

/**
 * The category axis: labels as they are when each fits its category's width, else slanted
 * (`slant` degrees) with the axis as tall as the longest needs, so that names never overlap
 * (six doctors' names in a half-width chart at 1280 px); a name over `longestLabel` characters
 * ends in an ellipsis (the table beside it has it whole).
 */
export function categoryAxis(labels: readonly string[], width: number, measure: (text: string) => number) {
  const shown = labels.map((l) => (l.length > longestLabel ? `${l.slice(0, longestLabel - 1).trimEnd()}…` : l));
  const widest = Math.max(0, ...shown.map(measure));
  const room = (width - 80) / Math.max(1, labels.length);
  if (widest <= room - 8) return { shown, rotate: 0, size: 50 };
  const radians = (slant * Math.PI) / 180;
  return { shown, rotate: slant, size: Math.ceil(widest * Math.sin(radians) + 12 * Math.cos(radians)) + 24 };
}


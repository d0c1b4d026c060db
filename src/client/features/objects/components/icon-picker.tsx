import { objectIconNames } from '../../../../common/object-icons';
import { RadioTile } from '../../../components/ui/radio-tile';
import { objectIcons } from './object-icon';

/** "Building2" → "Building 2", "PiggyBank" → "Piggy bank": what a screen reader says. */
export function iconLabel(name: string): string {
  const spaced = name.replace(/([a-z])([A-Z0-9])/g, '$1 $2');
  return spaced[0] + spaced.slice(1).toLowerCase();
}

/** The allowed icons as a grid of radios (arrow keys move between them). */
export function IconPicker({
  value,
  onChange,
  name = 'iconName',
  labelledBy,
}: {
  value: string;
  onChange: (name: string) => void;
  name?: string;
  labelledBy: string;
}) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid grid-cols-8 gap-1.5 sm:grid-cols-12">
      {objectIconNames.map((icon) => {
        const Icon = objectIcons[icon];
        return (
          <RadioTile
            key={icon}
            name={name}
            value={icon}
            checked={value === icon}
            onChange={() => onChange(icon)}
            aria-label={iconLabel(icon)}
            title={iconLabel(icon)}
            className="flex aspect-square items-center justify-center rounded-lg border border-border text-muted-foreground transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
          >
            <Icon className="pointer-events-none size-4" aria-hidden="true" />
          </RadioTile>
        );
      })}
    </div>
  );
}

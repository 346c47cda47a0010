import { Input } from '../../../components/ui/form-controls.tsx';

export type BuyerField = 'firstName' | 'lastName' | 'email' | 'phone';
export type BuyerValues = Record<BuyerField, string>;

/** Who the tickets are for: the name on the ticket, where they are mailed, a phone number. */
export function BuyerForm({
  values,
  errors,
  onChange,
  disabled = false,
}: {
  values: BuyerValues;
  errors: Partial<Record<BuyerField, string>>;
  onChange: (field: BuyerField, value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Input
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={values.firstName}
        onChange={(e) => onChange('firstName', e.target.value)}
        error={errors.firstName}
        disabled={disabled}
        required
      />
      <Input
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        value={values.lastName}
        onChange={(e) => onChange('lastName', e.target.value)}
        error={errors.lastName}
        disabled={disabled}
        required
      />
      <Input
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => onChange('email', e.target.value)}
        error={errors.email}
        hint="Your tickets are sent here."
        disabled={disabled}
        required
      />
      <Input
        label="Phone number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0801 234 5678"
        value={values.phone}
        onChange={(e) => onChange('phone', e.target.value)}
        error={errors.phone}
        disabled={disabled}
        required
      />
    </div>
  );
}

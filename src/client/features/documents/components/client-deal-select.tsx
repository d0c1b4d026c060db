import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { useClient } from '../../clients/api';

/** One of the chosen client's deals, or none; shown once a client is chosen. */
export function ClientDealSelect({
  id,
  clientId,
  value,
  onChange,
  label = 'Deal',
}: {
  id: string;
  clientId: string;
  value: string;
  onChange: (dealId: string) => void;
  label?: string;
}) {
  if (!clientId) return null;
  return <DealsOfClient id={id} clientId={clientId} value={value} onChange={onChange} label={label} />;
}

function DealsOfClient({
  id,
  clientId,
  value,
  onChange,
  label,
}: {
  id: string;
  clientId: string;
  value: string;
  onChange: (dealId: string) => void;
  label: string;
}) {
  const client = useClient(clientId);
  // Only a user who may read deals gets them with the client (the server leaves them out otherwise).
  const deals = client.data?.deals ?? [];
  const hint = client.isPending
    ? 'Loading the client’s deals…'
    : deals.length === 0
      ? 'This client has no deals yet.'
      : undefined;
  return (
    <FormField id={id} label={label} labelAside="Optional" hint={hint}>
      <Select
        id={id}
        value={value}
        disabled={deals.length === 0}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">No deal</option>
        {deals.map((deal) => (
          <option key={deal.id} value={deal.id}>
            {deal.dealName}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Logo } from '../../components/logo';

interface LogoAnswer {
  success: boolean;
  data: { logo: string | null; companyName: string | null } | null;
}

/** The organization's own logo when it has one, otherwise the product logo (spec §2). */
export function OrgLogo() {
  const { data } = useQuery<LogoAnswer>({
    queryKey: ['/api/organization/logo'],
    retry: false,
    refetchOnWindowFocus: false,
  });
  const logo = data?.success ? data.data?.logo : null;
  if (!logo) return <Logo />;
  return (
    <img
      src={logo}
      alt={data?.data?.companyName ?? 'Organization logo'}
      className="h-8 w-auto max-w-36 object-contain sm:max-w-44"
    />
  );
}

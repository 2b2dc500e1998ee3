import { Alert, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RoutePageProps } from '@/config/paths';
import type { PermissionKey } from '@/domain/permissions';
import { ApiKeysSection } from '@/features/settings/components/api-keys-section';
import { DeliverySection } from '@/features/settings/components/delivery-section';
import { LogoSection } from '@/features/settings/components/logo-section';
import { PasswordForm } from '@/features/settings/components/password-form';
import { PageHeader } from '@/shared/ui/page-header';
import { UrlTabs } from '@/shared/ui/url-tabs';
import { useCan } from '@/state/use-can';

/**
 * The widget's SDK keys (their forms, colour and language fields) load when their tab opens: the settings route stays
 * within its 50 KB budget (57.5 KB with the section in the route's chunk).
 */
const SdkKeysSection = lazy(() =>
  import('@/features/settings/components/sdk-keys-section').then((m) => ({ default: m.SdkKeysSection })),
);

const TABS: readonly { id: string; label: string; key: PermissionKey }[] = [
  { id: 'logo', label: 'Company logo', key: 's.logo' },
  { id: 'api', label: 'REST API', key: 's.api' },
  { id: 'widget', label: 'Widget SDK keys', key: 's' },
  { id: 'delivery', label: 'Delivery methods', key: 'rule.dm' },
  { id: 'password', label: 'Change password', key: 'mp.cp' },
];

/**
 * Company settings: logo, REST API keys, the widget's SDK keys, the rules' delivery methods and the own password, each
 * by its key.
 */
export function SettingsPage({ route }: RoutePageProps) {
  const can = useCan();
  const tabs = TABS.filter((t) => can(t.key));
  return (
    <>
      <PageHeader
        title={route.title}
        description="Your company's logo, API access, widget keys and how rules deliver messages."
      />
      {tabs.length === 0 ? (
        <Alert color="gray">Your role opens none of the settings.</Alert>
      ) : (
        <UrlTabs
          label="Settings"
          tabs={tabs}
          renderPanel={(tab) =>
            tab.id === 'logo' ? (
              <LogoSection />
            ) : tab.id === 'api' ? (
              <ApiKeysSection />
            ) : tab.id === 'widget' ? (
              <Suspense
                fallback={
                  <Center py="xl">
                    <Loader aria-label="Loading the widget's SDK keys" />
                  </Center>
                }
              >
                <SdkKeysSection />
              </Suspense>
            ) : tab.id === 'delivery' ? (
              <DeliverySection />
            ) : (
              <PasswordForm />
            )
          }
        />
      )}
    </>
  );
}

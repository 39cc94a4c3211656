import { AuthenticationClient, Scopes } from '@aps_sdk/authentication';
import { ApsConfiguration, SdkManagerBuilder, StaticAuthenticationProvider } from '@aps_sdk/autodesk-sdkmanager';
import { DataManagementClient } from '@aps_sdk/data-management';
import { OssClient } from '@aps_sdk/oss';

/** The official clients pointed at a platform at `url`, as an APS developer's tests would point them. */
export function officialClients(url: string) {
  const config = new ApsConfiguration({});
  // A string base without a trailing slash: paths arrive as /oss/v2/… (sdk-clients.md §1).
  config.BaseAddress = url as unknown as URL;
  const sdkManager = SdkManagerBuilder.create().addApsConfiguration(config).build();
  return {
    async token(clientId: string, clientSecret: string) {
      const auth = new AuthenticationClient({ sdkManager });
      const scopes = [Scopes.DataRead, Scopes.DataWrite, Scopes.DataCreate, Scopes.BucketCreate, Scopes.BucketRead];
      return (await auth.getTwoLeggedToken(clientId, clientSecret, scopes)).access_token;
    },
    oss: (token: string) =>
      new OssClient({ sdkManager, authenticationProvider: new StaticAuthenticationProvider(token) }),
    dataManagement: (token: string) =>
      new DataManagementClient({ sdkManager, authenticationProvider: new StaticAuthenticationProvider(token) }),
  };
}

import { Injectable } from '@nestjs/common';

/** A package as the catalog knows it. */
export interface PackageRecord {
  name: string;
  description: string;
  versions: string[];
}

/**
 * The app's own service: an in-memory package catalog. In a real app this would call a
 * registry API or a database; the tools below get it injected like any Nest provider.
 */
@Injectable()
export class PackageCatalog {
  private readonly packages: PackageRecord[] = [
    {
      name: 'jason',
      description: 'A blazing fast JSON parser and generator',
      versions: ['1.4.0', '1.4.1', '1.4.4'],
    },
    {
      name: 'plug',
      description: 'Compose web applications with functions',
      versions: ['1.15.0', '1.16.1'],
    },
    {
      name: 'phoenix',
      description: 'Peace of mind from prototype to production',
      versions: ['1.7.14', '1.8.0'],
    },
    {
      name: 'ecto',
      description: 'A toolkit for data mapping and language integrated query',
      versions: ['3.11.2', '3.12.5'],
    },
  ];

  search(query: string): PackageRecord[] {
    const needle = query.toLowerCase();
    return this.packages.filter(
      (pkg) => pkg.name.includes(needle) || pkg.description.toLowerCase().includes(needle),
    );
  }

  find(name: string): PackageRecord | undefined {
    return this.packages.find((pkg) => pkg.name === name);
  }

  names(): string[] {
    return this.packages.map((pkg) => pkg.name);
  }

  /** Adds a version; `false` when the package is unknown. */
  publish(name: string, version: string): boolean {
    const pkg = this.find(name);
    if (pkg === undefined) return false;
    pkg.versions.push(version);
    return true;
  }

  /** Withdraws a version; `false` when the package has no such version. */
  yank(name: string, version: string): boolean {
    const pkg = this.find(name);
    const index = pkg?.versions.indexOf(version) ?? -1;
    if (pkg === undefined || index === -1) return false;
    pkg.versions.splice(index, 1);
    return true;
  }
}

// generated/kotlin/pom.xml: the Maven build of the bindings, a jar under
// fixed coordinates that other builds (the conformance runner) depend on,
// compiled with warnings as errors.
import { markdownHeader } from "../jvm-apple-dotnet-shared/header.js";

/** The coordinates the bindings are installed and depended on under. */
export const KOTLIN_ARTIFACT = { groupId: "dev.app-server-protocol", artifactId: "app-server-protocol", version: "1.0.0" };

/** The toolchain the bindings are built and tested with, all from Maven Central. */
export const KOTLIN_BUILD = {
  kotlin: "2.3.21",
  serializationJson: "1.12.0",
  jvmTarget: "1.8",
  /** The plugins of the jar lifecycle, pinned so that every Maven version builds alike. */
  plugins: { resources: "3.3.1", compiler: "3.13.0", surefire: "3.5.2", jar: "3.4.2", install: "3.1.3" },
};

/** The directory the sources are in, as Maven lays out a Kotlin project. */
export const KOTLIN_SOURCES = "src/main/kotlin/appserverprotocol";

function plugin(artifactId: string, version: string): string[] {
  return ["      <plugin>", "        <groupId>org.apache.maven.plugins</groupId>", `        <artifactId>${artifactId}</artifactId>`, `        <version>${version}</version>`, "      </plugin>"];
}

export function kotlinPom(): string {
  const { groupId, artifactId, version } = KOTLIN_ARTIFACT;
  const { plugins } = KOTLIN_BUILD;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    markdownHeader().trimEnd(),
    '<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">',
    "  <modelVersion>4.0.0</modelVersion>",
    "",
    `  <groupId>${groupId}</groupId>`,
    `  <artifactId>${artifactId}</artifactId>`,
    `  <version>${version}</version>`,
    "  <packaging>jar</packaging>",
    "  <name>app-server protocol 1.0 Kotlin bindings</name>",
    "  <description>Every type of app-server protocol 1.0 for kotlinx.serialization, with the type and method tables.</description>",
    "",
    "  <properties>",
    "    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>",
    `    <kotlin.version>${KOTLIN_BUILD.kotlin}</kotlin.version>`,
    "    <!-- No compile daemon stays behind after the build; -Dkotlin.compiler.daemon=true brings it back. -->",
    "    <kotlin.compiler.daemon>false</kotlin.compiler.daemon>",
    "  </properties>",
    "",
    "  <dependencies>",
    "    <dependency>",
    "      <groupId>org.jetbrains.kotlin</groupId>",
    "      <artifactId>kotlin-stdlib</artifactId>",
    "      <version>${kotlin.version}</version>",
    "    </dependency>",
    "    <dependency>",
    "      <groupId>org.jetbrains.kotlinx</groupId>",
    "      <artifactId>kotlinx-serialization-json</artifactId>",
    `      <version>${KOTLIN_BUILD.serializationJson}</version>`,
    "    </dependency>",
    "  </dependencies>",
    "",
    "  <build>",
    "    <sourceDirectory>${project.basedir}/src/main/kotlin</sourceDirectory>",
    "    <plugins>",
    "      <plugin>",
    "        <groupId>org.jetbrains.kotlin</groupId>",
    "        <artifactId>kotlin-maven-plugin</artifactId>",
    "        <version>${kotlin.version}</version>",
    "        <executions>",
    "          <execution>",
    "            <id>compile</id>",
    "            <goals>",
    "              <goal>compile</goal>",
    "            </goals>",
    "          </execution>",
    "        </executions>",
    "        <configuration>",
    `          <jvmTarget>${KOTLIN_BUILD.jvmTarget}</jvmTarget>`,
    "          <compilerPlugins>",
    "            <plugin>kotlinx-serialization</plugin>",
    "          </compilerPlugins>",
    "          <args>",
    "            <arg>-Werror</arg>",
    "          </args>",
    "        </configuration>",
    "        <dependencies>",
    "          <dependency>",
    "            <groupId>org.jetbrains.kotlin</groupId>",
    "            <artifactId>kotlin-maven-serialization</artifactId>",
    "            <version>${kotlin.version}</version>",
    "          </dependency>",
    "        </dependencies>",
    "      </plugin>",
    ...plugin("maven-resources-plugin", plugins.resources),
    ...plugin("maven-compiler-plugin", plugins.compiler),
    ...plugin("maven-surefire-plugin", plugins.surefire),
    ...plugin("maven-jar-plugin", plugins.jar),
    ...plugin("maven-install-plugin", plugins.install),
    "    </plugins>",
    "  </build>",
    "</project>",
    "",
  ].join("\n");
}

// generated/kotlin/pom.xml: the Maven build of the bindings, a jar under
// fixed coordinates that other builds (the conformance runner) depend on,
// compiled with warnings as errors, with what Maven Central asks of a
// release: the project's URL, license, developers and source control in the
// POM, the license in the jar, a sources jar, and (profile `release`) a
// javadoc jar of the API documentation Dokka writes from the KDoc.
import { markdownHeader } from "../jvm-apple-dotnet-shared/header.js";
import { DEVELOPERS, LICENSE_ID, REPOSITORY_URL } from "../../publishing.js";

/** The coordinates the bindings are installed and depended on under. */
export const KOTLIN_ARTIFACT = { groupId: "dev.app-server-protocol", artifactId: "app-server-protocol", version: "1.0.0" };

/** The toolchain the bindings are built and tested with, all from Maven Central. */
export const KOTLIN_BUILD = {
  kotlin: "2.3.21",
  serializationJson: "1.12.0",
  jvmTarget: "1.8",
  /** The plugins of the jar lifecycle, pinned so that every Maven version builds alike. */
  plugins: { resources: "3.3.1", compiler: "3.13.0", surefire: "3.5.2", jar: "3.4.2", source: "3.4.0", install: "3.1.3" },
  /** Dokka's Maven plugin, which writes the javadoc jar (Kotlin sources have no javadoc of their own). */
  dokka: "2.2.0",
};

/** The profile that adds the javadoc jar: Dokka reads every declaration again, which takes as long as compiling. */
export const KOTLIN_RELEASE_PROFILE = "release";

/**
 * \`.mvn/jvm.config\`: the JVM options of every Maven run in the directory.
 * Maven and the Kotlin compiler run for a minute or two, too short for the
 * optimizing JIT to pay for itself: the quick one alone halves the build's
 * CPU time.
 */
export const KOTLIN_MAVEN_JVM_CONFIG = "-XX:TieredStopAtLevel=1\n";

/** The directory the sources are in, as Maven lays out a Kotlin project. */
export const KOTLIN_SOURCES = "src/main/kotlin/appserverprotocol";

function plugin(artifactId: string, version: string, configuration: string[] = []): string[] {
  return ["      <plugin>", "        <groupId>org.apache.maven.plugins</groupId>", `        <artifactId>${artifactId}</artifactId>`, `        <version>${version}</version>`, ...configuration, "      </plugin>"];
}

/** An `<executions>` block of one execution, indented for a plugin at `indent`; `phase` where the goal binds to none itself. */
function execution(indent: string, id: string, goal: string, phase?: string): string[] {
  const bound = phase === undefined ? [] : [`${indent}      <phase>${phase}</phase>`];
  return [`${indent}  <executions>`, `${indent}    <execution>`, `${indent}      <id>${id}</id>`, ...bound, `${indent}      <goals>`, `${indent}        <goal>${goal}</goal>`, `${indent}      </goals>`, `${indent}    </execution>`, `${indent}  </executions>`];
}

/** What Maven Central requires of every POM beside the coordinates, name and description. */
function projectInformation(): string[] {
  const repository = REPOSITORY_URL.replace(/^https:\/\//, "");
  return [
    `  <url>${REPOSITORY_URL}</url>`,
    "",
    "  <licenses>",
    "    <license>",
    `      <name>${LICENSE_ID} License</name>`,
    `      <url>https://opensource.org/licenses/${LICENSE_ID}</url>`,
    "      <distribution>repo</distribution>",
    "    </license>",
    "  </licenses>",
    "",
    "  <developers>",
    "    <developer>",
    `      <name>${DEVELOPERS}</name>`,
    `      <url>${REPOSITORY_URL}</url>`,
    "    </developer>",
    "  </developers>",
    "",
    "  <scm>",
    `    <connection>scm:git:${REPOSITORY_URL}.git</connection>`,
    `    <developerConnection>scm:git:ssh://git@${repository}.git</developerConnection>`,
    `    <url>${REPOSITORY_URL}/tree/main/generated/kotlin</url>`,
    "  </scm>",
  ];
}

/** The profile whose build adds the javadoc jar. */
function releaseProfile(): string[] {
  return [
    "  <profiles>",
    "    <profile>",
    `      <id>${KOTLIN_RELEASE_PROFILE}</id>`,
    "      <build>",
    "        <plugins>",
    "          <plugin>",
    "            <groupId>org.jetbrains.dokka</groupId>",
    "            <artifactId>dokka-maven-plugin</artifactId>",
    `            <version>${KOTLIN_BUILD.dokka}</version>`,
    ...execution("          ", "attach-javadoc", "javadocJar", "package"),
    "            <configuration>",
    "              <!-- No links to the standard library's documentation online: the build reaches only Maven Central. -->",
    "              <offlineMode>true</offlineMode>",
    "            </configuration>",
    "          </plugin>",
    "        </plugins>",
    "      </build>",
    "    </profile>",
    "  </profiles>",
  ];
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
    ...projectInformation(),
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
    "    <resources>",
    "      <resource>",
    "        <directory>${project.basedir}</directory>",
    "        <includes>",
    "          <include>LICENSE</include>",
    "        </includes>",
    "        <targetPath>META-INF</targetPath>",
    "      </resource>",
    "    </resources>",
    "    <plugins>",
    "      <plugin>",
    "        <groupId>org.jetbrains.kotlin</groupId>",
    "        <artifactId>kotlin-maven-plugin</artifactId>",
    "        <version>${kotlin.version}</version>",
    ...execution("      ", "compile", "compile"),
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
    ...plugin("maven-source-plugin", plugins.source, execution("      ", "attach-sources", "jar-no-fork")),
    ...plugin("maven-install-plugin", plugins.install),
    "    </plugins>",
    "  </build>",
    "",
    ...releaseProfile(),
    "</project>",
    "",
  ].join("\n");
}
